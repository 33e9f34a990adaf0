import type { ReconciliationException } from '@payout/domain';
import { expect } from 'chai';
import { type IsolatedDatabase, isolatedDatabase } from '../ledger/isolated-database.fixture.js';
import { KnexReconciliationStore } from '../repositories/knex-reconciliation.store.js';
import { readOpenExceptions } from './reconciliation-exceptions.query.js';

const HOUR = 3_600_000;

describe('readOpenExceptions on PostgreSQL', function () {
  this.timeout(30_000);
  let db: IsolatedDatabase;

  before(async () => {
    db = await isolatedDatabase('open_reconciliation_exceptions');
  });
  after(() => db.drop());

  it('counts the open exceptions by provider and type, with how long the oldest has been open', async () => {
    const store = new KnexReconciliationStore(db.knex);
    let n = 0;
    const open = async (provider: string, type: ReconciliationException['type'], openedHoursAgo: number) => {
      n += 1;
      const exception: ReconciliationException = {
        id: `0195b3c5-0a00-7b10-8c20-${n.toString(16).padStart(12, '0')}`,
        provider,
        day: '2026-03-02',
        type,
        subject: `s${n}`,
        withdrawalId: null,
        providerId: null,
        since: new Date(Date.now() - 100 * HOUR),
        openedAt: new Date(Date.now() - openedHoursAgo * HOUR),
        evidence: { ours: null, provider: null },
        resolution: null,
      };
      await store.openException(exception);
      return exception;
    };
    await open('simulated', 'AMOUNT_MISMATCH', 30);
    await open('simulated', 'AMOUNT_MISMATCH', 2);
    await open('simulated', 'LATE_RETURN', 1);
    await open('increase', 'MISSING_AT_PROVIDER', 5);
    const resolved = await open('increase', 'UNKNOWN_AT_PROVIDER', 50);
    await store.resolveException({
      ...resolved,
      resolution: { action: 'ACKNOWLEDGE', reason: 'ours', by: 'ops', at: new Date() },
    });

    const rows = await readOpenExceptions(db.knex);

    expect(rows.map(({ provider, type, count }) => [provider, type, count])).to.deep.equal([
      ['increase', 'MISSING_AT_PROVIDER', 1],
      ['simulated', 'AMOUNT_MISMATCH', 2],
      ['simulated', 'LATE_RETURN', 1],
    ]);
    const hours = rows.map((row) => Math.round(row.oldestOpenSeconds / 3600));
    expect(hours).to.deep.equal([5, 30, 1]);
  });
});
