// The outbound webhook sender alone, for the worker: importing it does not load Express, ajv and the routes.

export * from '../outbound/index.js';
export * from './observed-webhook.sender.js';
export * from './retry-after.js';
export * from './standard-webhook.sender.js';
