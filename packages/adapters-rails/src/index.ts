export type { FetchFunction } from './http/fetch-transport.js';
export * from './increase/index.js';
export * from './modern-treasury/index.js';
export * from './observed/observed-payout.rail.js';
export * from './paypal/index.js';
export * from './simulated-card.vault.js';
export * from './simulated-payout.rail.js';
export * from './simulated-rails.js';
export * from './wise/index.js';
