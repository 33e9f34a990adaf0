export * from './application-token-operations.use-case.js';
export * from './entity-wallet-operations.use-case.js';
export * from './get-operator-withdrawal.use-case.js';
export * from './list-audit-log.use-case.js';
export * from './merchant-operations.use-case.js';
export * from './operator-deps.js';
export * from './verify-ledger.use-case.js';
export * from './webhook-operations.use-case.js';
