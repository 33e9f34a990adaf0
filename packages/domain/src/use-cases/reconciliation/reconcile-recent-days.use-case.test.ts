import { expect } from 'chai';
import { ReconcileRecentDays } from './reconcile-recent-days.use-case.js';
import { PROVIDER, ReconciliationWorld, recordOf } from './reconciliation-world.fixture.js';

const DAY_MS = 86_400_000;

describe('ReconcileRecentDays (RECONCILIATION_CRON)', () => {
  it('runs yesterday, and the days inside the window not yet reconciled or left pending, oldest first', async () => {
    const r = new ReconciliationWorld();
    const scheduled = new ReconcileRecentDays({
      reconcile: r.reconcile,
      unitOfWork: r.uow,
      clock: r.world.clock,
    });
    // Late on the 2nd, inside the provider's window (an hour here) half an hour into the 3rd.
    r.world.clock.set('2026-03-02T23:40:00.000Z');
    const w = await r.payout('100');
    r.book.records.push(recordOf(w, { state: 'PENDING', providerState: 'pending', finalAt: null }));
    r.world.clock.set('2026-03-03T00:10:00.000Z');

    const first = await scheduled.execute();
    expect(first.map((d) => d.kind === 'RUN' && [d.run.day, d.run.pending])).to.deep.equal([
      ['2026-03-01', 0],
      ['2026-03-02', 1],
    ]);

    r.world.clock.advance(DAY_MS);
    const second = await scheduled.execute();
    expect(
      second.map((d) => d.kind === 'RUN' && [d.run.day, d.run.exceptions.STATUS_MISMATCH]),
    ).to.deep.equal([
      ['2026-03-02', 1],
      ['2026-03-03', 0],
    ]);
  });

  it('reports a provider-day it could not read and goes on', async () => {
    const r = new ReconciliationWorld();
    const scheduled = new ReconcileRecentDays({
      reconcile: r.reconcile,
      unitOfWork: r.uow,
      clock: r.world.clock,
    });
    r.book.failNext(8);
    const days = await scheduled.execute();
    expect(days[0]).to.deep.include({ kind: 'FAILED', provider: PROVIDER });
    expect(days.slice(1).every((d) => d.kind === 'RUN')).to.equal(true);
  });
});
