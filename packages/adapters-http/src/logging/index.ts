// The logger alone, for processes that do not serve the HTTP API (the worker, migrations): importing it does not
// load Express, ajv and the routes.
export * from './logger.js';
export * from './redis-outages.js';
