import { expect } from 'chai';
import { DEV_JWT_SECRET, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs with nothing configured, on development defaults it names', () => {
    const result = loadConfig({});
    if (!result.ok) throw new Error(result.errors.join('; '));
    expect(result.config).to.deep.include({
      appEnv: 'development',
      port: 3000,
      databaseUrl: null,
      redisUrl: null,
      role: 'all',
    });
    expect(result.config.jwt.secret).to.equal(DEV_JWT_SECRET);
    expect(result.config.developmentDefaults).to.deep.equal(['JWT_SECRET', 'ENCRYPTION_KEY']);
    expect(result.config.withdrawalRateLimitPerMinute).to.equal(1);
    expect(result.config.approvalTtlSeconds).to.equal(604800);
    expect(result.config.webhookConnectionsPerEndpoint, 'no cap per receiver').to.equal(0);
    expect(result.config.webhookConcurrency).to.equal(512);
    expect(result.config.webhookConcurrencyPerMerchant, 'half of them').to.equal(256);
  });

  it('caps connections per webhook receiver when asked, within bounds', () => {
    const capped = loadConfig({ WEBHOOK_CONNECTIONS_PER_ENDPOINT: '16' });
    expect(capped.ok && capped.config.webhookConnectionsPerEndpoint).to.equal(16);
    const bad = loadConfig({ WEBHOOK_CONNECTIONS_PER_ENDPOINT: '-1' });
    expect(!bad.ok && bad.errors.join()).to.include('WEBHOOK_CONNECTIONS_PER_ENDPOINT');
  });

  it('holds one merchant to half the webhook deliveries in flight unless told otherwise, never above them all', () => {
    const byDefault = loadConfig({ WEBHOOK_CONCURRENCY: '100' });
    expect(byDefault.ok && byDefault.config.webhookConcurrencyPerMerchant).to.equal(50);
    const set = loadConfig({ WEBHOOK_CONCURRENCY: '100', WEBHOOK_CONCURRENCY_PER_MERCHANT: '100' });
    expect(set.ok && set.config.webhookConcurrencyPerMerchant).to.equal(100);
    const above = loadConfig({ WEBHOOK_CONCURRENCY: '100', WEBHOOK_CONCURRENCY_PER_MERCHANT: '101' });
    expect(!above.ok && above.errors.join()).to.include(
      'WEBHOOK_CONCURRENCY_PER_MERCHANT must be an integer from 1 to 100',
    );
  });

  it('verifies the ledger daily at 03:30 UTC unless given another cron, or off', () => {
    const byDefault = loadConfig({});
    expect(byDefault.ok && byDefault.config.ledgerVerificationCron).to.equal('30 3 * * *');
    const hourly = loadConfig({ LEDGER_VERIFICATION_CRON: ' 0  */1 * * 1-5 ' });
    expect(hourly.ok && hourly.config.ledgerVerificationCron).to.equal('0 */1 * * 1-5');
    const off = loadConfig({ LEDGER_VERIFICATION_CRON: 'off' });
    expect(off.ok && off.config.ledgerVerificationCron).to.equal(null);
    for (const bad of ['daily', '30 3 * *', '30 3 * * * *', '30 3 * * MON', '99 3 * * *', '30 24 * * *'])
      expect(loadConfig({ LEDGER_VERIFICATION_CRON: bad }).ok, bad).to.equal(false);
  });

  it('reconciles yesterday daily at 04:00 UTC unless given another cron, or off', () => {
    const byDefault = loadConfig({});
    expect(byDefault.ok && byDefault.config.reconciliationCron).to.equal('0 4 * * *');
    const off = loadConfig({ RECONCILIATION_CRON: 'off' });
    expect(off.ok && off.config.reconciliationCron).to.equal(null);
    const bad = loadConfig({ RECONCILIATION_CRON: '0 4 * *' });
    expect(bad.ok ? [] : bad.errors).to.deep.equal([
      'RECONCILIATION_CRON must be five cron fields such as "0 4 * * *", or off (got "0 4 * *")',
    ]);
  });

  it("reads the providers' balances every 15 minutes unless given another cron, with a floor per provider", () => {
    const byDefault = loadConfig({});
    expect(byDefault.ok && byDefault.config.providerBalanceCron).to.equal('*/15 * * * *');
    expect(byDefault.ok && byDefault.config.providerBalanceFloors).to.deep.equal({});
    const off = loadConfig({
      PROVIDER_BALANCE_CRON: 'off',
      INCREASE_BALANCE_FLOOR: '5000',
      WISE_BALANCE_FLOOR: '250.5',
    });
    expect(off.ok && off.config.providerBalanceCron).to.equal(null);
    expect(off.ok && off.config.providerBalanceFloors).to.deep.equal({ increase: '5000', wise: '250.5' });
    const bad = loadConfig({ PROVIDER_BALANCE_CRON: 'hourly', PAYPAL_BALANCE_FLOOR: '1e6' });
    expect(bad.ok ? [] : bad.errors).to.have.members([
      'PAYPAL_BALANCE_FLOOR must be an amount in dollars such as 5000 or 2500.50 (got "1e6")',
      'PROVIDER_BALANCE_CRON must be five cron fields such as "*/15 * * * *", or off (got "hourly")',
    ]);
  });

  it('makes partitions daily and archives daily past each family’s retention, into DATA_DIR/archive by default', () => {
    const byDefault = loadConfig({ DATA_DIR: '/srv/payout' });
    if (!byDefault.ok) throw new Error(byDefault.errors.join('; '));
    expect(byDefault.config.partitionsCron).to.equal('15 2 * * *');
    expect(byDefault.config.archiveCron).to.equal('45 4 * * *');
    expect(byDefault.config.archiveDir).to.equal('/srv/payout/archive');
    expect(byDefault.config.retentionMonths).to.deep.equal({
      ledger: 120,
      'withdrawal-history': 84,
      webhooks: 13,
      reconciliation: 84,
    });
    const set = loadConfig({
      PARTITIONS_CRON: 'off',
      ARCHIVE_CRON: '0 5 * * 0',
      ARCHIVE_DIR: '/mnt/archive',
      RETENTION_WEBHOOK_MONTHS: '6',
    });
    if (!set.ok) throw new Error(set.errors.join('; '));
    expect([set.config.partitionsCron, set.config.archiveCron, set.config.archiveDir]).to.deep.equal([
      null,
      '0 5 * * 0',
      '/mnt/archive',
    ]);
    expect(set.config.retentionMonths.webhooks).to.equal(6);
    const bad = loadConfig({ RETENTION_LEDGER_MONTHS: '0', ARCHIVE_CRON: 'daily' });
    expect(bad.ok ? [] : bad.errors).to.have.members([
      'RETENTION_LEDGER_MONTHS must be an integer from 1 to 1200 (got "0")',
      'ARCHIVE_CRON must be five cron fields such as "45 4 * * *", or off (got "daily")',
    ]);
  });

  it('refuses a call timeout a Node.js timer cannot wait for, which would fire at once', () => {
    const longest = loadConfig({ RAIL_TIMEOUT_MS: '2147483647', WEBHOOK_TIMEOUT_MS: '2147483647' });
    if (!longest.ok) throw new Error(longest.errors.join('; '));
    expect([longest.config.railTimeoutMs, longest.config.webhookTimeoutMs]).to.deep.equal([
      2147483647, 2147483647,
    ]);
    const past = loadConfig({ RAIL_TIMEOUT_MS: '2147483648', WEBHOOK_TIMEOUT_MS: '2147483648' });
    expect(past.ok ? [] : past.errors).to.have.members([
      'RAIL_TIMEOUT_MS must be an integer from 1 to 2147483647 (got "2147483648")',
      'WEBHOOK_TIMEOUT_MS must be an integer from 1 to 2147483647 (got "2147483648")',
    ]);
  });

  it('drains for no time by default, and refuses a drain as long as the shutdown deadline', () => {
    const byDefault = loadConfig({});
    expect(byDefault.ok && byDefault.config.shutdownDrainMs).to.equal(0);
    const drained = loadConfig({ SHUTDOWN_DRAIN_MS: '5000' });
    expect(drained.ok && drained.config.shutdownDrainMs).to.equal(5000);
    const tooLong = loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000', SHUTDOWN_DRAIN_MS: '5000' });
    expect(!tooLong.ok && tooLong.errors.join()).to.include(
      'SHUTDOWN_DRAIN_MS must be an integer from 0 to 4999',
    );
  });

  it('names every bad variable in one answer', () => {
    const result = loadConfig({
      PORT: 'eighty',
      APP_ENV: 'staging',
      ENCRYPTION_KEY: 'short',
      RAIL_DELAYS_MS: 'ACH=fast',
      JWT_ALGORITHMS: 'none',
    });
    expect(result.ok).to.equal(false);
    const text = result.ok ? '' : result.errors.join('\n');
    for (const name of ['PORT', 'APP_ENV', 'ENCRYPTION_KEY', 'RAIL_DELAYS_MS', 'JWT_ALGORITHMS'])
      expect(text).to.include(name);
  });

  it('is production when NODE_ENV=production and APP_ENV is unset, refusing the development secrets', () => {
    const result = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/payout' });
    expect(!result.ok && result.errors).to.include(
      'JWT_SECRET, JWT_PUBLIC_KEY or JWT_JWKS_URL is required in production',
    );
    const chosen = loadConfig({ NODE_ENV: 'production', APP_ENV: 'development' });
    expect(chosen.ok && chosen.config.appEnv).to.equal('development');
  });

  it('refuses development defaults and simulated rails in production', () => {
    const result = loadConfig({ APP_ENV: 'production' });
    const text = result.ok ? '' : result.errors.join('\n');
    expect(text).to.include('JWT_SECRET, JWT_PUBLIC_KEY or JWT_JWKS_URL is required in production');
    expect(text).to.include('ENCRYPTION_KEY or ENCRYPTION_KEYS is required in production');
    expect(text).to.include('DATABASE_URL is required in production');
    expect(text).to.include('ACH: simulated, which production refuses');
  });

  it('refuses HS algorithms beside a public key (algorithm confusion)', () => {
    const result = loadConfig({
      JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----',
      JWT_ALGORITHMS: 'RS256,HS256',
    });
    expect(!result.ok && result.errors.join()).to.include('algorithm confusion');
  });

  it('parses rail delays, retry schedule, key formats and proxy trust', () => {
    const hexKey = 'ab'.repeat(32);
    const result = loadConfig({
      RAIL_DELAYS_MS: 'ACH=50, RTP=10',
      WEBHOOK_RETRY_SCHEDULE_MS: '10,20',
      ENCRYPTION_KEY: hexKey,
      TRUST_PROXY: '1',
    });
    if (!result.ok) throw new Error(result.errors.join('; '));
    expect(result.config.railDelaysMs).to.deep.equal({ ACH: 50, RTP: 10 });
    expect(result.config.webhookRetryScheduleMs).to.deep.equal([10, 20]);
    expect(result.config.encryptionKeys.map((k) => [k.id, k.key.toString('hex')])).to.deep.equal([
      [null, hexKey],
    ]);
    expect(result.config.trustProxy).to.equal(1);
    expect(result.config.developmentDefaults).to.deep.equal(['JWT_SECRET']);
  });

  it('listens on loopback by default outside production, where development secrets sign tokens', () => {
    const development = loadConfig({});
    expect(development.ok && development.config.host).to.equal('127.0.0.1');
    const chosen = loadConfig({ HOST: '0.0.0.0' });
    expect(chosen.ok && chosen.config.host).to.equal('0.0.0.0');
  });

  it('names a malformed DATABASE_URL or REDIS_URL at start instead of failing later on its host', () => {
    const result = loadConfig({
      DATABASE_URL: 'postgres://user:p@ss#word@db/base',
      REDIS_URL: 'localhost:6379',
    });
    const text = result.ok ? '' : result.errors.join('\n');
    expect(text).to.include('DATABASE_URL must be a URL like postgres://host or postgresql://host');
    expect(text).to.include('REDIS_URL must be a URL like redis://host or rediss://host');
    const good = loadConfig({
      DATABASE_URL: 'postgresql://u:p%23w@db:5432/payout',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(good.ok && [good.config.databaseUrl, good.config.redisUrl]).to.deep.equal([
      'postgresql://u:p%23w@db:5432/payout',
      'redis://cache:6379',
    ]);
  });

  it('takes a read replica only beside DATABASE_URL and REDIS_URL, where the writers are noted', () => {
    const alone = loadConfig({ DATABASE_READ_URL: 'postgres://replica/payout' });
    const text = alone.ok ? '' : alone.errors.join('\n');
    expect(text).to.include('DATABASE_READ_URL needs DATABASE_URL');
    expect(text).to.include('DATABASE_READ_URL needs REDIS_URL');
    const bad = loadConfig({ DATABASE_READ_URL: 'replica:5432' });
    expect(!bad.ok && bad.errors.join()).to.include('DATABASE_READ_URL must be a URL like postgres://host');
    const good = loadConfig({
      DATABASE_URL: 'postgres://primary/payout',
      DATABASE_READ_URL: 'postgres://replica/payout',
      REDIS_URL: 'redis://cache:6379',
      DATABASE_READ_MAX_LAG_MS: '2500',
    });
    expect(good.ok && [good.config.databaseReadUrl, good.config.databaseReadMaxLagMs]).to.deep.equal([
      'postgres://replica/payout',
      2500,
    ]);
    const none = loadConfig({});
    expect(none.ok && [none.config.databaseReadUrl, none.config.databaseReadMaxLagMs]).to.deep.equal([
      null,
      1000,
    ]);
  });

  it('in production without secrets, reports them missing and claims no development default', () => {
    const result = loadConfig({ APP_ENV: 'production' });
    const text = result.ok ? '' : result.errors.join('\n');
    expect(text).to.not.include('development default');
  });
});
