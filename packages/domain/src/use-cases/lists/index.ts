export * from './operator-directory.use-case.js';
export * from './transaction-lists.use-case.js';
export * from './wallet-reads.use-case.js';
export * from './webhook-lists.use-case.js';
