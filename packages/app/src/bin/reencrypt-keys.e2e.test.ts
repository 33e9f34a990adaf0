import { createLogger } from '@payout/adapters-http';
import { ApiClient, HARNESS_JWT, mintHarnessToken } from '@payout/adapters-http/testing';
import { type ScratchDatabase, scratchDatabase } from '@payout/adapters-persistence/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { NpmScript } from './npm-script.fixture.js';
import { type RunningService, startService } from './start-service.js';

const OLD_KEY = 'a1'.repeat(32);
const NEW_KEY = Buffer.alloc(32, 9).toString('base64');

describe('npm run keys:reencrypt: rotating the at-rest key without downtime', function () {
  this.timeout(120_000);
  let database: ScratchDatabase;
  let service: RunningService | null = null;

  /** The API on the suite's database with `keys`; the previous one stopped first, as a rolling restart does. */
  async function serveWith(keys: Record<string, string>): Promise<ApiClient> {
    await service?.stop();
    service = await startService(
      configFor({
        APP_ENV: 'development',
        PROCESS_ROLE: 'api',
        DATABASE_URL: database.url,
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_SECRET: HARNESS_JWT.secret,
        JWT_ISSUER: HARNESS_JWT.issuer,
        JWT_AUDIENCE: HARNESS_JWT.audience,
        ...keys,
      }),
      createLogger({ level: 'silent' }),
    );
    return new ApiClient({
      baseUrl: service.url as string,
      mintToken: mintHarnessToken,
      close: async () => undefined,
    });
  }

  /** A payer with a bank account and a merchant endpoint, both sealed by whichever key the API seals with. */
  async function payerOn(api: ApiClient) {
    const payer = await api.payer('bank', '100.00');
    const res = await api.request('PUT', `/v1/operator/merchants/${payer.merchant.id}/webhook-endpoint`, {
      token: api.operatorToken(),
      body: { url: 'https://merchant.example/hooks' },
    });
    expect(res.status).to.equal(200);
    return payer;
  }

  before(async () => {
    database = await scratchDatabase('reencrypt_keys');
  });

  after(async () => {
    await service?.stop();
    await database?.drop();
  });

  it('moves every row to the new key, and the service reads them all once the old key is removed', async () => {
    const sealedBefore = await payerOn(await serveWith({ ENCRYPTION_KEY: OLD_KEY }));
    const ring = { ENCRYPTION_KEYS: `new:${NEW_KEY},old:${OLD_KEY}` };
    const sealedDuring = await payerOn(await serveWith(ring));
    await service?.stop();
    service = null;

    const script = new NpmScript('keys:reencrypt', {
      ...process.env,
      APP_ENV: 'development',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      ...ring,
    });
    try {
      expect(await script.exited, script.text).to.equal(0);
    } finally {
      script.kill();
    }
    const done = script.lines.find((line) => line.msg === 'every value is on the current key');
    expect(done?.resealed, script.text).to.deep.equal({ linked_accounts: 1, webhook_endpoints: 1 });
    const sealed = await database.knex.raw(
      'SELECT destination_secret AS v FROM linked_accounts UNION ALL SELECT secrets_ciphertext FROM webhook_endpoints',
    );
    expect((sealed.rows as { v: string }[]).every((row) => row.v.startsWith('v2.new.'))).to.equal(true);

    const api = await serveWith({ ENCRYPTION_KEYS: `new:${NEW_KEY}` });
    for (const { entity, accountId, merchant } of [sealedBefore, sealedDuring]) {
      const paid = await api.withdraw(entity, accountId, { amount: 10, walletType: 'SPEND' });
      expect(paid.status, JSON.stringify(paid.json)).to.equal(200);
      const rotated = await api.request('PUT', `/v1/operator/merchants/${merchant.id}/webhook-endpoint`, {
        token: api.operatorToken(),
        body: { url: 'https://merchant.example/hooks' },
      });
      expect(rotated.status, 'the endpoint and its secrets read back').to.equal(200);
    }
  });
});
