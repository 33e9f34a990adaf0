// Metrics and the probe server alone, for processes that do not serve the HTTP API (the worker): importing it
// does not load Express, ajv and the routes.

export * from './committed-changes.reporter.js';
export * from './ledger-verification.reporter.js';
export * from './ops-server.js';
export * from './payout-metrics.js';
export * from './provider-balance.reporter.js';
export * from './readiness.js';
export * from './readiness-checks.js';
export * from './reconciliation.reporter.js';
