export * from './ledger-verification.js';
