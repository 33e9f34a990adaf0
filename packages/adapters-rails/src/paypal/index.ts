export * from './paypal-oauth.client.js';
export * from './paypal-payouts.rail.js';
export * from './paypal-rails.js';
export type { Fetch } from './paypal-transport.js';
