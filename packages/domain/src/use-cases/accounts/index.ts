export * from './link-account.use-case.js';
export * from './link-validation.js';
