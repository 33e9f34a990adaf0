export * from './paypal-oauth.client.js';
export * from './paypal-payouts.rail.js';
export * from './paypal-rails.js';
