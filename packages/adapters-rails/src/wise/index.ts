export * from './wise-balance.js';
export * from './wise-transfers.rail.js';
export * from './wise-webhook.verifier.js';
