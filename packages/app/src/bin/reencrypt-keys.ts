import './node-version-guard.js';

// Imported after the guard: on a Node too old for them, it must speak first.
const { createLogger } = await import('@payout/adapters-http/logging');
const { AesGcmFieldCipher, reencryptFields } = await import('@payout/adapters-persistence');
const { openDatabase } = await import('../container/postgres.module.js');
const { configOrExit } = await import('./run-process.js');

/** `--batch-size N`, 500 unless given. */
function batchSize(args: readonly string[]): number {
  const at = args.indexOf('--batch-size');
  if (at < 0) return 500;
  const value = Number(args[at + 1]);
  if (Number.isInteger(value) && value > 0 && value <= 10_000) return value;
  process.stderr.write('--batch-size must be an integer from 1 to 10000\n');
  process.exit(2);
}

// `npm run keys:reencrypt`: seals every encrypted value with the first key of ENCRYPTION_KEYS, in batches, beside
// the running service; stopped anywhere, run it again. Exits 0 once no value needs an older key, 1 otherwise.
const size = batchSize(process.argv.slice(2));
const config = configOrExit();
const logger = createLogger({
  level: config.logLevel === 'silent' ? 'silent' : 'info',
  name: 'payout-keys-reencrypt',
});
const cipher = new AesGcmFieldCipher(config.encryptionKeys);
const database = await openDatabase(config, logger);
try {
  const result = await reencryptFields(database.knex, cipher, {
    batchSize: size,
    onBatch: (progress) => logger.info(progress, 'sealed again with the current key'),
  });
  const left = Object.values(result.remaining).reduce((sum, n) => sum + n, 0);
  logger.info(
    { ...result, currentKey: cipher.currentPrefix },
    left === 0 ? 'every value is on the current key' : 'values remain on older keys',
  );
  process.exitCode = left === 0 ? 0 : 1;
} finally {
  await database.close();
}
