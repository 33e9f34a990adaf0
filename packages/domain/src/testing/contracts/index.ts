// Contract suites: functions taking a factory, run against in-memory and real adapters.
export * from './application-token-store.contract.js';
export * from './audit-log.contract.js';
export * from './contract-fixtures.js';
export * from './contract-subject.js';
export * from './entity-repository.contract.js';
export * from './ledger-repository.contract.js';
export * from './linked-account-repository.contract.js';
export * from './list-reads.contract.js';
export * from './merchant-repository.contract.js';
export * from './persistence.contracts.js';
export * from './provider-balance-store.contract.js';
export * from './rail-step-store.contract.js';
export * from './unit-of-work.contract.js';
export * from './wallet-repository.contract.js';
export * from './webhook-endpoint-repository.contract.js';
export * from './webhook-event-repository.contract.js';
export * from './withdrawal-repository.contract.js';
