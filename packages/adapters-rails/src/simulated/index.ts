export * from './simulated-card.vault.js';
export * from './simulated-payout.rail.js';
export * from './simulated-payout-book.js';
export * from './simulated-provider-records.js';
