import { createLogger } from '@payout/adapters-http/logging';
import { runLedgerVerification } from '@payout/adapters-persistence';
import { openDatabase } from '../container/postgres.module.js';
import { configOrExit } from './run-process.js';

// `npm run ledger:verify`: every posting set balances and every wallet equals its postings; exits 1 naming drift.
const config = configOrExit();
const logger = createLogger({ level: 'warn', name: 'payout-ledger-verify' });
const database = await openDatabase(config, logger);
const verification = await runLedgerVerification({ knex: database.knex });
await database.close();
process.stdout.write(`${verification.report}\n`);
process.exit(verification.ok ? 0 : 1);
