import './node-version-guard.js';

// Imported after the guard: on a Node too old for them, it must speak first.
const { createLogger } = await import('@payout/adapters-http/logging');
const { archiveMonths, parseMonth, restoreMonth } = await import('@payout/adapters-persistence');
const { openDatabase } = await import('../container/postgres.module.js');
const { configOrExit } = await import('./run-process.js');

const USAGE = 'usage: npm run archive -- --before YYYY-MM | --restore YYYY-MM\n';

/** `--before 2026-01` or `--restore 2026-01`; anything else prints the usage and exits 2. */
function command(args: readonly string[]) {
  const [flag, value] = args;
  const month = value === undefined ? null : parseMonth(value);
  if (args.length !== 2 || (flag !== '--before' && flag !== '--restore') || month === null) {
    process.stderr.write(USAGE);
    process.exit(2);
  }
  return { restore: flag === '--restore', month };
}

// `npm run archive -- --before YYYY-MM`: archives every month before YYYY-MM that its family's retention lets go
// (RETENTION_*_MONTHS) and no guard holds, to ARCHIVE_DIR, then drops it. `--restore YYYY-MM` reads a month back.
// Both print one JSON line per family and month; stopped anywhere, run again.
const { restore, month } = command(process.argv.slice(2));
const config = configOrExit();
const logger = createLogger({ level: 'warn', name: 'payout-archive' });
const database = await openDatabase(config, logger);
try {
  const outcomes = restore
    ? await restoreMonth(database.knex, config.archiveDir, month)
    : await archiveMonths(database.knex, {
        dir: config.archiveDir,
        now: new Date(),
        retentionMonths: config.retentionMonths,
        before: month,
      });
  for (const outcome of outcomes) process.stdout.write(`${JSON.stringify(outcome)}\n`);
} finally {
  await database.close();
}
