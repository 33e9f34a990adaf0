import { randomBytes } from 'node:crypto';
import { createLogger } from '@payout/adapters-http';
import { ApiClient, HARNESS_JWT, mintHarnessToken } from '@payout/adapters-http/testing';
import { type StreamingReplica, startStreamingReplica } from '@payout/adapters-persistence/testing';
import { expect } from 'chai';
import { type RunningService, startService } from '../bin/start-service.js';
import { configFor } from '../config/config.fixture.js';
import { eventually } from '../e2e/support/eventually.js';

/** Short enough for the suite, long enough for a paused replica's few requests on a busy machine. */
const BOUND_MS = 5000;

describe('the API with a read replica (DATABASE_READ_URL)', function () {
  this.timeout(180_000);
  let pair: StreamingReplica;
  let service: RunningService;
  let api: ApiClient;
  // Subjects of their own: the notes of who wrote live in the Redis every suite shares.
  const suffix = randomBytes(4).toString('hex');
  let writer: string;
  let reader: string;
  let merchantId: string;

  const threshold = async (token: string): Promise<string> => {
    const res = await api.request('GET', `/v1/operator/merchants/${merchantId}`, { token });
    expect(res.status, JSON.stringify(res.json)).to.equal(200);
    return res.json.data.approvalThreshold;
  };
  const setThreshold = async (approvalThreshold: string) => {
    const res = await api.request('PATCH', `/v1/operator/merchants/${merchantId}`, {
      token: writer,
      body: { approvalThreshold },
    });
    expect(res.status, JSON.stringify(res.json)).to.equal(200);
    expect(res.json.data.approvalThreshold).to.equal(approvalThreshold);
  };
  const replicaReads = async (): Promise<number> => {
    const text = await (await fetch(`${service.url}/metrics`)).text();
    return Number(/^payout_read_routes_total\{route="replica"\} (\d+)/m.exec(text)?.[1] ?? 0);
  };

  before(async () => {
    pair = await startStreamingReplica();
    service = await startService(
      configFor({
        APP_ENV: 'development',
        PROCESS_ROLE: 'api',
        DATABASE_URL: pair.primaryUrl,
        DATABASE_READ_URL: pair.standbyUrl,
        DATABASE_READ_MAX_LAG_MS: String(BOUND_MS),
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_SECRET: HARNESS_JWT.secret,
        JWT_ISSUER: HARNESS_JWT.issuer,
        JWT_AUDIENCE: HARNESS_JWT.audience,
      }),
      createLogger({ level: 'silent' }),
    );
    api = new ApiClient({
      baseUrl: service.url as string,
      mintToken: (claims, options) => mintHarnessToken(claims, options),
      close: async () => undefined,
    });
    writer = api.operatorToken(`replica-writer-${suffix}`);
    reader = api.operatorToken(`replica-reader-${suffix}`);
    merchantId = (await api.merchant()).id;
    await setThreshold('100.00');
    // Until the replica has the merchant, and Redis's notes have been trusted for a window, reads go to the primary.
    await eventually(
      'a read served by the replica',
      async () => {
        await threshold(reader);
        return (await replicaReads()) > 0 ? true : undefined;
      },
      30_000,
    );
  });

  after(async () => {
    await service?.stop();
    await pair?.stop();
  });

  it('serves an operator from the replica, and the operator who wrote from the primary', async () => {
    await pair.pauseReplay();
    try {
      await setThreshold('200.00');
      expect(await threshold(writer), 'its own write').to.equal('200.00');
      // The replica replays nothing now: the old name shows the read was served there.
      expect(await threshold(reader), 'within the bound, from the replica').to.equal('100.00');
    } finally {
      await pair.resumeReplay();
    }
    await eventually(
      'the replica replays the rename',
      async () => ((await threshold(reader)) === '200.00' ? true : undefined),
      10_000,
    );
  });

  it('finds a withdrawal the replica does not have yet for the merchant that looks it up', async () => {
    const { merchant, entity, accountId } = await api.payer();
    await pair.pauseReplay();
    try {
      const made = await api.withdraw(entity, accountId, { amount: 5, walletType: 'SPEND' });
      expect(made.status, JSON.stringify(made.json)).to.equal(200);
      const id = made.json.data.id as string;
      // Another principal than the entity that wrote it: the replica lacks it, the primary answers.
      const payload = await api.request('GET', `/v1/transactions/${id}/webhook-payload`, {
        token: merchant.token,
      });
      expect(payload.status, JSON.stringify(payload.json)).to.equal(200);
      expect(payload.json.data.payload.transactionId).to.equal(id);
      const listed = await api.request('GET', `/v1/transactions/${id}`, { token: entity.token });
      expect(listed.status, JSON.stringify(listed.json)).to.equal(200);
    } finally {
      await pair.resumeReplay();
    }
  });

  it('answers from the primary while the replica is down, and stays ready', async () => {
    await pair.stopStandby();
    try {
      await setThreshold('300.00');
      expect(await threshold(reader)).to.equal('300.00');
      const ready = await fetch(`${service.url}/readyz`);
      const report = (await ready.json()) as { status: string; checks: Record<string, { ok: boolean }> };
      expect([ready.status, report.status]).to.deep.equal([200, 'degraded']);
      expect(report.checks.readReplica?.ok, 'reported as unusable').to.equal(false);
    } finally {
      await pair.startStandby();
    }
  });
});
