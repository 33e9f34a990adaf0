import { createLogger } from '@payout/adapters-http/logging';
import { openDatabase } from '../container/postgres.module.js';
import { configOrExit } from './run-process.js';

// `npm run db:migrate`: applies pending migrations (safe while other processes start) and exits.
const config = configOrExit();
const logger = createLogger({ level: config.logLevel, name: 'payout-migrate' });
const database = await openDatabase(config, logger);
logger.info({ database: database.kind }, 'database is up to date');
await database.close();
