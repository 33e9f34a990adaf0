import './node-version-guard.js';

// Imported after the guard: on a Node too old for them, it must speak first.
const { createLogger } = await import('@payout/adapters-http/logging');
const { openDatabase } = await import('../container/postgres.module.js');
const { configOrExit } = await import('./run-process.js');

// `npm run db:migrate`: applies pending migrations (safe while other processes start) and exits.
const config = configOrExit();
const logger = createLogger({ level: config.logLevel, name: 'payout-migrate' });
const database = await openDatabase(config, logger);
logger.info({ database: database.kind }, 'database is up to date');
await database.close();
