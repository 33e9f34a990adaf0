import { createLogger } from '@payout/adapters-http';
import { HARNESS_JWT, mintHarnessToken } from '@payout/adapters-http/testing';
import {
  type PgBouncer,
  type ScratchDatabase,
  scratchDatabase,
  startPgBouncer,
} from '@payout/adapters-persistence/testing';
import type { Customer, CustomerOptions } from '@payout/domain/testing';
import { expect } from 'chai';
import { type RunningService, startService } from '../bin/start-service.js';
import { configFor } from '../config/config.fixture.js';
import { eventually } from '../e2e/support/eventually.js';
import { VerifyingWebhookReceiver } from '../e2e/support/verifying-webhook.receiver.js';
import { listeningCustomer, requestWithdrawal } from './production-service.fixture.js';

const SECRET = 'whsec_cGdib3VuY2VycGdib3VuY2VycGdib3VuY2Vy';

describe('the service behind PgBouncer in session mode (API, workers, pg-boss, migrations)', function () {
  this.timeout(120_000);
  let database: ScratchDatabase;
  let bouncer: PgBouncer;
  let receiver: VerifyingWebhookReceiver;
  let service: RunningService;

  const customer = (options: CustomerOptions = {}): Promise<Customer> =>
    listeningCustomer(service, { url: receiver.url, secret: SECRET }, options);
  const statusOf = async (id: string, who: Customer): Promise<string> => {
    const token = mintHarnessToken({
      sub: who.principal.subject,
      scope: 'external.apis',
      merchant_id: who.merchantId,
      entity_id: who.entityId,
    });
    const res = await fetch(`${service.url}/v1/transactions/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { data: { status: string } }).data.status;
  };

  before(async () => {
    database = await scratchDatabase('pgbouncer_service');
    // Session mode lends each client connection a server connection of its own: enough for every pool here.
    bouncer = await startPgBouncer({ serverUrl: database.url, poolMode: 'session', poolSize: 40 });
    receiver = await VerifyingWebhookReceiver.start();
    receiver.useSecret(SECRET);
    // Every connection goes through PgBouncer: the migrations, pg-boss, the pool, the webhooks' LISTEN.
    service = await startService(
      configFor({
        APP_ENV: 'development',
        DATABASE_URL: bouncer.urlFor(database.url),
        DATABASE_POOL_MAX: '10',
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_SECRET: HARNESS_JWT.secret,
        JWT_ISSUER: HARNESS_JWT.issuer,
        JWT_AUDIENCE: HARNESS_JWT.audience,
        RAIL_DELAYS_MS: 'ACH=200,RTP=100',
        JOB_QUEUE_PROFILE: 'fast',
        WITHDRAWAL_RATE_LIMIT_PER_MINUTE: '100',
      }),
      createLogger({ level: 'silent' }),
    );
  });

  after(async () => {
    await service?.stop();
    await receiver?.close();
    await bouncer?.stop();
    await database?.drop();
  });

  it('takes withdrawals to SUCCESS, an approved one included, and delivers their webhooks', async () => {
    const payer = await customer();
    const large = await customer({ approvalThreshold: '50.00' });
    const made = await Promise.all([
      requestWithdrawal(service, payer, payer.accountId, { amount: 10 }),
      requestWithdrawal(service, payer, payer.accountId, { amount: 20, routingType: 'RTP' }),
      requestWithdrawal(service, large, large.accountId, { amount: 60 }),
    ]);
    for (const answer of made) expect(answer.status, answer.json.message).to.equal(200);
    const [ach, rtp, held] = made.map((answer) => answer.json.data.id) as [string, string, string];
    expect(await statusOf(held, large)).to.equal('AWAITING_APPROVAL');
    const approved = await fetch(`${service.url}/v1/operator/withdrawals/${held}/approve`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${mintHarnessToken({ sub: 'pgbouncer-operator', scope: 'operator' })}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(approved.status).to.equal(200);
    const ended = [
      [ach, payer],
      [rtp, payer],
      [held, large],
    ] as const;
    await eventually(
      'every withdrawal SUCCESS',
      async () =>
        (await Promise.all(ended.map(([id, who]) => statusOf(id, who)))).every((s) => s === 'SUCCESS')
          ? true
          : undefined,
      30_000,
    );
    await eventually(
      'a verified SUCCESS webhook for each',
      () => {
        const succeeded = [...receiver.acknowledged().values()]
          .filter((body) => body.status === 'SUCCESS')
          .map((body) => body.payload.transactionId);
        return [ach, rtp, held].every((id) => succeeded.includes(id)) ? true : undefined;
      },
      30_000,
    );
  });
});
