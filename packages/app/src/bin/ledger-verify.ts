import './node-version-guard.js';

// Imported after the guard: on a Node too old for them, it must speak first.
const { createLogger } = await import('@payout/adapters-http/logging');
const { runLedgerVerification } = await import('@payout/adapters-persistence');
const { openDatabase } = await import('../container/postgres.module.js');
const { configOrExit } = await import('./run-process.js');

// `npm run ledger:verify`: every posting set balances and every wallet equals its postings; exits 1 naming drift.
// Beside a running `npm start` it uses that process's embedded server (startEmbeddedPostgres).
const config = configOrExit();
const logger = createLogger({ level: 'warn', name: 'payout-ledger-verify' });
const database = await openDatabase(config, logger);
const verification = await runLedgerVerification({ knex: database.knex });
await database.close();
process.stdout.write(`${verification.report}\n`);
process.exit(verification.ok ? 0 : 1);
