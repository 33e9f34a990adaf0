export * from './ledger-verification.js';
export * from './ledger-verifications.js';
