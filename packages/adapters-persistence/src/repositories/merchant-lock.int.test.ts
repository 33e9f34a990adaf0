import { type Principal, SetWebhookEndpoint, UpdateMerchant } from '@payout/domain';
import {
  FakeSecretGenerator,
  ManualClock,
  OPEN_OUTBOUND_URLS,
  SequentialIds,
  seedCustomer,
} from '@payout/domain/testing';
import { expect } from 'chai';
import { AesGcmFieldCipher } from '../crypto/aes-gcm-field-cipher.js';
import { type IsolatedDatabase, isolatedDatabase } from '../ledger/isolated-database.fixture.js';
import { createRecordedJobsTable, recordingJobs } from '../testing/recording-job-queue.js';
import { KnexUnitOfWork } from '../unit-of-work/knex-unit-of-work.js';

const OPERATOR: Principal = {
  subject: 'ops',
  merchantId: null,
  entityId: null,
  scopes: new Set(['operator']),
};

/**
 * Two processes deciding on one merchant at once: each must apply its change to what the other committed. A
 * third transaction holds the merchant's row until both have sent their first statement, so that without the
 * lock both would read the same settings and the later save would undo the earlier.
 */
describe('Decisions on one merchant from two processes (PostgreSQL race)', function () {
  this.timeout(60_000);
  let db: IsolatedDatabase;
  let merchantId: string;
  const clock = new ManualClock('2026-03-02T10:00:00.000Z');
  const ids = new SequentialIds('0000cafe');
  const aProcess = () =>
    new KnexUnitOfWork({
      knex: db.knex,
      jobs: recordingJobs,
      cipher: new AesGcmFieldCipher(new Uint8Array(32).fill(7)),
    });

  before(async () => {
    db = await isolatedDatabase('merchant_lock');
    await createRecordedJobsTable(db.knex);
    const customer = await seedCustomer(aProcess(), ids, clock.now(), { balance: '0.00' });
    merchantId = customer.principal.merchantId as string;
  });

  after(() => db?.drop());

  /** Runs `decisions` while another transaction holds the merchant, and lets go once both wait on a lock. */
  async function whileHeld(decisions: () => Promise<unknown>[]): Promise<unknown[]> {
    const holder = await db.knex.transaction();
    try {
      await holder('merchants').where({ id: merchantId }).forUpdate().first();
      const running = decisions();
      for (let look = 0; ; look++) {
        const waiting = await db
          .knex('pg_stat_activity')
          .where({ wait_event_type: 'Lock' })
          .whereRaw('datname = current_database()')
          .count('* as n');
        if (Number(waiting[0]?.n) >= running.length) break;
        if (look > 500) throw new Error('the decisions never reached the merchant row');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.commit();
      return await Promise.all(running);
    } catch (error) {
      await holder.rollback();
      throw error;
    }
  }

  it('keeps both fee overrides of two patches sent at once', async () => {
    const patch = (rail: string) =>
      new UpdateMerchant({ unitOfWork: aProcess(), clock, ids, secrets: new FakeSecretGenerator() }).execute(
        OPERATOR,
        merchantId,
        { feeOverrides: { [rail]: { type: 'FLAT', amount: '0.25' } } },
      );
    const results = (await whileHeld(() => [patch('ACH'), patch('WIRE')])) as { ok: boolean }[];
    expect(results.map((r) => r.ok)).to.deep.equal([true, true]);
    const stored = await db.knex('merchants').where({ id: merchantId }).first();
    expect(Object.keys(stored.fee_overrides).sort()).to.deep.equal(['ACH', 'WIRE']);
  });

  it('keeps the secret of the first of two rotations at once, for the overlap', async () => {
    const secrets = new FakeSecretGenerator();
    const rotate = () =>
      new SetWebhookEndpoint({
        unitOfWork: aProcess(),
        clock,
        ids,
        secrets,
        outboundUrls: OPEN_OUTBOUND_URLS,
      }).execute(OPERATOR, merchantId, { url: 'https://merchant.test/hooks' });
    const answered = (await whileHeld(() => [rotate(), rotate()])) as {
      ok: true;
      value: { secret: string };
    }[];
    const stored = await aProcess().read.webhookEndpoints.findByMerchant(merchantId);
    const kept = stored?.secrets.map((s) => s.secret) ?? [];
    expect(kept, 'every secret answered still verifies').to.include.members(
      answered.map((a) => a.value.secret),
    );
  });
});
