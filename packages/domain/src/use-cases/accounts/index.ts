export * from './link-account.use-case.js';
export * from './link-validation.js';
export * from './operator-linked-accounts.use-case.js';
