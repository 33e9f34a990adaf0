import './node-version-guard.js';

// Imported after the guard: on a Node too old for them, it must speak first.
const { parseArgs } = await import('node:util');
const { createLogger } = await import('@payout/adapters-http/logging');
const { reconcileOnDatabase } = await import('../container/reconcile.binding.js');
const { openDatabase } = await import('../container/postgres.module.js');
const { configOrExit } = await import('./run-process.js');

// `npm run reconcile -- --provider <name> --date <YYYY-MM-DD>`: one provider-day, its summary as JSON on stdout;
// exits 1 when it could not run (an unknown provider, a bad date, the provider unreachable), 2 on bad usage.
const USAGE = 'usage: npm run reconcile -- --provider <name> --date <YYYY-MM-DD>\n';
let args: { provider?: string | undefined; date?: string | undefined };
try {
  args = parseArgs({ options: { provider: { type: 'string' }, date: { type: 'string' } } }).values;
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!args.provider || !args.date) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const config = configOrExit();
if (config.appEnv === 'test') {
  process.stderr.write(
    'reconcile reads and writes PostgreSQL: run it with APP_ENV development or production\n',
  );
  process.exit(2);
}
const logger = createLogger({ level: 'warn', name: 'payout-reconcile' });
const database = await openDatabase(config, logger);
const outcome = await reconcileOnDatabase(config, database, args.provider, args.date).catch(
  (error: unknown) => ({ ok: false as const, error: { message: (error as Error).message } }),
);
await database.close();
if (!outcome.ok) {
  process.stderr.write(`reconciliation not run: ${outcome.error.message}\n`);
  process.exit(1);
}
const run = outcome.value;
const summary = {
  provider: run.provider,
  date: run.day,
  matched: run.matched,
  exceptions: run.exceptions,
  records: run.records,
  pending: run.pending,
  opened: run.opened,
  runId: run.id,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.exit(0);
