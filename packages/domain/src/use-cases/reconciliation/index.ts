export * from './operator-reconciliation.use-case.js';
export * from './read-provider-day.js';
export * from './reconcile-provider-day.use-case.js';
export * from './reconcile-recent-days.use-case.js';
export * from './resolve-exception.use-case.js';
