import {
  FAILURE_REASONS,
  transitionWithdrawal,
  type Withdrawal,
  withdrawalDebitEntry,
  withdrawalReversalEntry,
} from '@payout/domain';
import { buildWithdrawal, contractIds, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { migrateLatest } from './migrate.js';
import { migrateDownBefore, migratedScratchDatabase, seedingUnitOfWork } from './migration-steps.fixture.js';

const NOW = new Date('2026-03-01T10:00:00.000Z');

function moved(withdrawal: Withdrawal, ...to: Array<'SUCCESS' | 'FAILED'>): Withdrawal {
  let current = withdrawal;
  for (const status of to) {
    const next = transitionWithdrawal(
      current,
      status,
      NOW,
      status === 'FAILED' ? FAILURE_REASONS.GENERAL : null,
    );
    if (!next.ok) throw new Error(next.error.message);
    current = next.value.withdrawal;
  }
  return current;
}

describe('migration 0026 on a database with settled payouts', () => {
  const database = migratedScratchDatabase('settlement_postings');

  it('settles each payout SUCCESS before it, in batches, naming its provider, and nothing else', async () => {
    const db = database();
    await migrateDownBefore(db.knex, '0026-settlement-postings');
    const unitOfWork = seedingUnitOfWork(db.knex);
    const parties = await seedParties(unitOfWork, '0.00');
    const byIncrease = Array.from({ length: 501 }, () =>
      moved({ ...buildWithdrawal(parties, '10.00'), railProvider: 'increase' }, 'SUCCESS'),
    );
    const unrecorded = moved(buildWithdrawal(parties, '7.00'), 'SUCCESS');
    const returned = moved(
      { ...buildWithdrawal(parties, '3.00'), railProvider: 'increase' },
      'SUCCESS',
      'FAILED',
    );
    const pending = { ...buildWithdrawal(parties, '2.00'), railProvider: 'increase' };
    await unitOfWork.run(async (tx) => {
      for (const w of [...byIncrease, unrecorded, returned, pending]) {
        await tx.withdrawals.insert(w);
        await tx.ledger.append(withdrawalDebitEntry(contractIds.next(), w, NOW));
      }
      await tx.ledger.append(withdrawalReversalEntry(contractIds.next(), returned, NOW));
    });

    await migrateLatest(db.knex);

    const settlements: Array<{ withdrawal_id: string; accounts: string[]; amounts: string[] }> = (
      await db.knex.raw(
        `SELECT e.withdrawal_id, array_agg(l.account ORDER BY l.position) AS accounts,
                array_agg(l.amount::text ORDER BY l.position) AS amounts
           FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id
          WHERE e.kind = 'PAYOUT_SETTLEMENT'
          GROUP BY e.withdrawal_id`,
      )
    ).rows;
    const of = new Map(settlements.map((s) => [s.withdrawal_id, s]));
    expect(settlements).to.have.length(byIncrease.length + 1);
    expect(of.get(byIncrease[500]!.id)).to.deep.include({
      accounts: ['system:payouts-in-transit', 'provider:increase:settled'],
      amounts: ['-10.00', '10.00'],
    });
    expect(of.get(unrecorded.id)?.accounts).to.deep.equal([
      'system:payouts-in-transit',
      'provider:unrecorded:settled',
    ]);
    expect(of.has(returned.id) || of.has(pending.id)).to.equal(false);
    expect(await seedingUnitOfWork(db.knex).read.ledger.settlementDrift()).to.deep.equal([]);
  });
});
