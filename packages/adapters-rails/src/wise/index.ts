export * from './wise-account-requirements.validator.js';
export * from './wise-balance.js';
export * from './wise-records.reader.js';
export type { WiseTransferDetails } from './wise-transfer-requirements.js';
export * from './wise-transfers.rail.js';
export * from './wise-webhook.verifier.js';
