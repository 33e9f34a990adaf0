import { buildWebhookEvent, buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { immediateWriter } from '../batched-transactions/sql-write.js';
import { KnexWebhookEventRepository } from '../repositories/knex-webhook-event.repository.js';
import { createKnex } from '../sql/knex-pool.js';
import { migrateLatest } from './migrate.js';
import {
  migrateDownBefore,
  migrateDownOne,
  migratedScratchDatabase,
  seedingUnitOfWork,
} from './migration-steps.fixture.js';

describe('migration 0012 on a database with webhook events', () => {
  const database = migratedScratchDatabase('webhook_body_text');

  it('keeps each body as the text its retries sent, then every new body as given; and back down again', async () => {
    const db = database();
    await migrateDownBefore(db.knex, '0012-webhook-body-text');
    const unitOfWork = seedingUnitOfWork(db.knex);
    const events = new KnexWebhookEventRepository(db.knex, immediateWriter(db.knex));
    const parties = await seedParties(unitOfWork);
    const withdrawal = buildWithdrawal(parties);
    const [old, fresh] = [1, 2].map((sequence) => buildWebhookEvent(parties, withdrawal.id, sequence));
    await unitOfWork.run(async (tx) => {
      await tx.withdrawals.insert(withdrawal);
      await tx.webhookEvents.insert(old!);
    });
    // Read as the repository reads it (`body::text`), in SQL: today's repository names columns of later migrations.
    const [stored] = await db
      .knex('webhook_events')
      .where({ id: old!.id })
      .select(db.knex.raw('body::text AS body'));
    const retried = (stored as { body: string } | undefined)?.body;
    expect(retried, 'jsonb reordered it').not.to.equal(old!.body);

    await migrateLatest(db.knex);

    expect((await events.findById(old!.id))?.body, 'its retries’ text, as before').to.equal(retried);
    // A process started after the upgrade (a connection that prepared the insert before it still binds `jsonb`).
    const upgraded = createKnex(db.url, 1);
    try {
      await seedingUnitOfWork(upgraded).run((tx) => tx.webhookEvents.insert(fresh!));
    } finally {
      await upgraded.destroy();
    }
    expect((await events.findById(fresh!.id))?.body, 'as its first attempt sends it').to.equal(fresh!.body);

    await migrateDownOne(db.knex);
    const back = await events.listForWithdrawal(withdrawal.id);
    expect(back.map((event) => JSON.parse(event.body))).to.deep.equal(
      [old!, fresh!].map((event) => JSON.parse(event.body)),
    );
    await migrateLatest(db.knex);
  });
});
