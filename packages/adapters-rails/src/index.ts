export * from './paypal/index.js';
export * from './simulated-payout.rail.js';
export * from './simulated-rails.js';
