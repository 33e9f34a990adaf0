import { randomUUID } from 'node:crypto';
import { buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { immediateWriter } from '../batched-transactions/sql-write.js';
import { KnexWebhookEventRepository } from '../repositories/knex-webhook-event.repository.js';
import { migrateLatest } from './migrate.js';
import { migrateDownBefore, migratedScratchDatabase, seedingUnitOfWork } from './migration-steps.fixture.js';

interface OldDelivery {
  readonly delivery_state: string;
  readonly attempts: number;
  readonly next_attempt_at: Date | null;
  readonly delivered_at: Date | null;
}

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));

/** Deliveries as 0004–0010 kept them, on the event rows (a DELIVERED one may have kept a due time). */
const OLD: readonly OldDelivery[] = [
  { delivery_state: 'PENDING', attempts: 0, next_attempt_at: at(1), delivered_at: null },
  { delivery_state: 'PENDING', attempts: 3, next_attempt_at: at(40), delivered_at: null },
  { delivery_state: 'DELIVERED', attempts: 1, next_attempt_at: null, delivered_at: at(2) },
  { delivery_state: 'DELIVERED', attempts: 2, next_attempt_at: at(5), delivered_at: at(3) },
  { delivery_state: 'FAILED', attempts: 8, next_attempt_at: null, delivered_at: null },
  { delivery_state: 'NO_ENDPOINT', attempts: 0, next_attempt_at: null, delivered_at: null },
];

describe('migration 0011 on a database with webhook events', () => {
  const database = migratedScratchDatabase('webhook_deliveries');

  /** Back to 0010 (deliveries on the event rows), with a withdrawal to hang events on. */
  async function beforeTheMigration() {
    const db = database();
    await migrateDownBefore(db.knex, '0011-webhook-deliveries');
    const unitOfWork = seedingUnitOfWork(db.knex);
    const parties = await seedParties(unitOfWork);
    const withdrawal = buildWithdrawal(parties);
    await unitOfWork.run((tx) => tx.withdrawals.insert(withdrawal));
    /** Inserts an event with its delivery as 0010 kept it; returns its id. */
    const insertOld = async (db: Knex | Knex.Transaction, sequence: number, old: OldDelivery) => {
      const id = randomUUID();
      await db('webhook_events').insert({
        id,
        merchant_id: parties.merchant.id,
        withdrawal_id: withdrawal.id,
        sequence,
        status: 'PENDING',
        body: JSON.stringify({ n: sequence - 1 }),
        created_at: at(0),
        ...old,
      });
      return id;
    };
    return { parties, insertOld };
  }

  it('moves every event’s delivery to webhook_deliveries as it was, and back down again', async () => {
    const db = database();
    const { parties, insertOld } = await beforeTheMigration();
    const ids: string[] = [];
    for (const [index, old] of OLD.entries()) ids.push(await insertOld(db.knex, index + 1, old));

    await migrateLatest(db.knex);

    const events = new KnexWebhookEventRepository(db.knex, immediateWriter(db.knex));
    for (const [index, old] of OLD.entries()) {
      const event = await events.findById(ids[index] as string);
      expect(event, `event ${index}`).to.include({
        merchantId: parties.merchant.id,
        sequence: index + 1,
        body: `{"n": ${index}}`,
        deliveryState: old.delivery_state,
        attempts: old.attempts,
      });
      expect(event?.nextAttemptAt, `event ${index}'s next attempt`).to.deep.equal(old.next_attempt_at);
      expect(event?.deliveredAt, `event ${index}'s delivery`).to.deep.equal(old.delivered_at);
    }
    const due = await events.claimDue(at(30), at(31), 10);
    expect(due.map((event) => event.id)).to.deep.equal([ids[0]]);

    await migrateDownBefore(db.knex, '0011-webhook-deliveries');
    const back: Array<OldDelivery & { id: string }> = await db
      .knex('webhook_events')
      .select('id', 'delivery_state', 'attempts', 'next_attempt_at', 'delivered_at')
      .orderBy('sequence');
    expect(back.map((row) => row.id)).to.deep.equal(ids);
    expect(back.map((row) => row.delivery_state)).to.deep.equal(OLD.map((old) => old.delivery_state));
    expect(back.map((row) => row.attempts)).to.deep.equal(OLD.map((old) => old.attempts));
    expect(back[0]?.next_attempt_at, 'the claim’s lease went down with it').to.deep.equal(at(31));
    expect(back.slice(1).map((row) => row.next_attempt_at)).to.deep.equal(
      OLD.slice(1).map((old) => old.next_attempt_at),
    );
    expect(back.map((row) => row.delivered_at)).to.deep.equal(OLD.map((old) => old.delivered_at));
    await migrateLatest(db.knex);
  });

  it('misses no event that a process of the version before commits while it runs', async () => {
    const db = database();
    const { insertOld } = await beforeTheMigration();
    let id = '';
    let migrating: Promise<readonly string[]> | undefined;
    await db.knex.transaction(async (trx) => {
      id = await insertOld(trx, 100, OLD[0] as OldDelivery);
      migrating = migrateLatest(db.knex);
      // The insert commits once the migration waits on a lock on webhook_events: its LOCK TABLE (the foreign
      // key's lock would hold it too); with neither, the DROP COLUMN after a copy that could not see the insert.
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const { rows } = await db.knex.raw(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0].waiting > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the migration never waited for the insert');
    });
    // 0011 and every migration after it, however many there are by now.
    expect((await migrating)?.[0]).to.equal('0011-webhook-deliveries');
    const event = await new KnexWebhookEventRepository(db.knex, immediateWriter(db.knex)).findById(id);
    expect(event, 'the event and its delivery').to.include({ deliveryState: 'PENDING', attempts: 0 });
  });
});
