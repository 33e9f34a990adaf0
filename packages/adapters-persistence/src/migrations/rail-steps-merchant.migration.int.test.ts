import { randomUUID } from 'node:crypto';
import { seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { KnexRailStepStore } from '../repositories/knex-rail-step.store.js';
import { migrateLatest } from './migrate.js';
import { migrateDownBefore, migratedScratchDatabase, seedingUnitOfWork } from './migration-steps.fixture.js';

/** A withdrawal row of the merchant's, as the schema before 0028 holds it. */
async function withdrawalOf(knex: Knex, parties: Awaited<ReturnType<typeof seedParties>>): Promise<string> {
  const id = randomUUID();
  await knex.raw(
    `INSERT INTO withdrawals (id, merchant_id, entity_id, linked_account_id, wallet_id, flow, rail, currency,
       amount, fees, total, status, sequence, requested_by, debited, reversed, submit_attempts, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'PAYOUT', 'SWIFT', 'USD', 10, 0.25, 10.25, 'PENDING', 1, 'x', true, false, 1, now(), now())`,
    [id, parties.merchant.id, parties.entity.id, parties.account.id, parties.wallet.id],
  );
  return id;
}

/** `count` steps of the withdrawal, written as the release before 0028 writes them. */
const stepsOf = (knex: Knex, withdrawalId: string, count: number) =>
  knex.raw(
    `INSERT INTO rail_steps (withdrawal_id, step, value)
     SELECT ?, 'step-' || n, 'value-' || n FROM generate_series(1, ?) AS n`,
    [withdrawalId, count],
  );

describe('migration 0028 on a database with rail steps', () => {
  const database = migratedScratchDatabase('rail_steps_merchant');

  it("fills every step's merchant from its withdrawal, a batch per transaction, and leaves a step without one empty", async () => {
    const db = database();
    await migrateDownBefore(db.knex, '0028-rail-steps-merchant');
    const unitOfWork = seedingUnitOfWork(db.knex);
    const [first, second] = [await seedParties(unitOfWork), await seedParties(unitOfWork)];
    const [a, b] = [await withdrawalOf(db.knex, first), await withdrawalOf(db.knex, second)];
    const orphan = randomUUID();
    await stepsOf(db.knex, a, 1_500);
    await stepsOf(db.knex, b, 900);
    await stepsOf(db.knex, orphan, 2);

    expect(await migrateLatest(db.knex)).to.include('0028-rail-steps-merchant');

    const filled: { withdrawal_id: string; merchant_id: string | null; steps: number }[] = await db
      .knex('rail_steps')
      .groupBy('withdrawal_id', 'merchant_id')
      .select('withdrawal_id', 'merchant_id', db.knex.raw('count(*)::int AS steps'));
    expect(filled).to.have.deep.members([
      { withdrawal_id: a, merchant_id: first.merchant.id, steps: 1_500 },
      { withdrawal_id: b, merchant_id: second.merchant.id, steps: 900 },
      { withdrawal_id: orphan, merchant_id: null, steps: 2 },
    ]);
    // A row's xmin is the transaction that last wrote it: 2,400 steps in batches of 1,000 took three.
    const transactions = await db
      .knex('rail_steps')
      .whereNotNull('merchant_id')
      .first(db.knex.raw('count(DISTINCT xmin::text)::int AS n'));
    expect(transactions.n).to.equal(3);
  });

  it("the store writes each new step's merchant, that of its withdrawal", async () => {
    const db = database();
    const parties = await seedParties(seedingUnitOfWork(db.knex));
    const withdrawal = await withdrawalOf(db.knex, parties);
    await new KnexRailStepStore(db.knex).record(withdrawal, 'recipient', '40000001');
    const row = await db.knex('rail_steps').where({ withdrawal_id: withdrawal }).first('merchant_id');
    expect(row.merchant_id).to.equal(parties.merchant.id);
  });
});
