import { randomUUID } from 'node:crypto';
import { Money, type SimulatedPayout } from '@payout/domain';
import { simulatedPayoutBookContract } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { KnexSimulatedPayoutBook } from '../repositories/knex-simulated-payout-book.js';
import { testDatabase } from '../testing/test-database.js';

const payout = (overrides: Partial<SimulatedPayout> = {}): SimulatedPayout => ({
  providerId: `sim-ach-${randomUUID()}`,
  reference: randomUUID(),
  rail: 'ACH',
  amount: Money.of('25.00'),
  currency: 'USD',
  acceptedAt: new Date('2031-05-04T10:00:00Z'),
  ...overrides,
});

/** The INSERTs into simulated_payouts that `knex` sends while `during` runs. */
async function insertsDuring(knex: Knex, during: () => Promise<unknown>): Promise<number> {
  let inserts = 0;
  const count = (query: { sql: string }) => {
    if (/^insert into "simulated_payouts"/i.test(query.sql)) inserts += 1;
  };
  knex.on('query', count);
  try {
    await during();
  } finally {
    knex.removeListener('query', count);
  }
  return inserts;
}

const stored = async (knex: Knex, ids: readonly string[]) =>
  knex('simulated_payouts')
    .whereIn('provider_id', ids)
    .orderBy('provider_id')
    .select('provider_id', 'amount');

describe('KnexSimulatedPayoutBook on PostgreSQL', () => {
  simulatedPayoutBookContract(async () => new KnexSimulatedPayoutBook((await testDatabase()).knex));

  it('books the payouts handed in together in one statement, each record settling once it is stored', async () => {
    const { knex } = await testDatabase();
    const book = new KnexSimulatedPayoutBook(knex);
    const payouts = Array.from({ length: 40 }, () => payout());
    const inserts = await insertsDuring(knex, () => Promise.all(payouts.map((p) => book.record(p))));
    expect(inserts).to.equal(1);
    const ids = payouts.map((p) => p.providerId).sort();
    expect((await stored(knex, ids)).map((row) => row.provider_id)).to.deep.equal(ids);
  });

  it('keeps the first of one provider id handed in twice together, and of one booked before', async () => {
    const { knex } = await testDatabase();
    const book = new KnexSimulatedPayoutBook(knex);
    const before = payout();
    await book.record(before);
    const twice = payout();
    await Promise.all([
      book.record(twice),
      book.record({ ...twice, amount: Money.of('26.00') }),
      book.record({ ...before, amount: Money.of('27.00') }),
    ]);
    const rows = await stored(knex, [before.providerId, twice.providerId]);
    expect(
      Object.fromEntries(rows.map((row) => [row.provider_id, Money.of(row.amount).toString()])),
    ).to.deep.equal({
      [before.providerId]: '25.00',
      [twice.providerId]: '25.00',
    });
  });

  it('books what arrives while a statement is in flight in the next one', async () => {
    const { knex } = await testDatabase();
    const book = new KnexSimulatedPayoutBook(knex);
    const first = payout();
    const later = Array.from({ length: 5 }, () => payout());
    const inserts = await insertsDuring(knex, async () => {
      const firstBooked = book.record(first);
      // The first statement is on its way once this turn ends; the next five queue behind it.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all([firstBooked, ...later.map((p) => book.record(p))]);
    });
    expect(inserts).to.equal(2);
    expect(
      await stored(
        knex,
        [first, ...later].map((p) => p.providerId),
      ),
    ).to.have.length(6);
  });

  it('fails every record of a statement that fails, and books the next ones', async () => {
    const { knex } = await testDatabase();
    const book = new KnexSimulatedPayoutBook(knex);
    // A currency of 300 letters breaks the table's check: the whole statement is refused.
    const refused = [payout(), payout({ currency: 'X'.repeat(300) })];
    const outcomes = await Promise.allSettled(refused.map((p) => book.record(p)));
    expect(outcomes.map((o) => o.status)).to.deep.equal(['rejected', 'rejected']);
    expect(
      await stored(
        knex,
        refused.map((p) => p.providerId),
      ),
    ).to.have.length(0);
    const next = payout();
    await book.record(next);
    expect(await stored(knex, [next.providerId])).to.have.length(1);
  });
});
