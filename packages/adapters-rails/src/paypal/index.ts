export * from './paypal-balance.js';
export * from './paypal-oauth.client.js';
export * from './paypal-payouts.rail.js';
export * from './paypal-rails.js';
export * from './paypal-records.reader.js';
export * from './paypal-webhook.verifier.js';
