import { expect } from 'chai';
import { firstPage } from '../../ports/page.js';
import { OperatorReconciliation } from './operator-reconciliation.use-case.js';
import { DAY, PROVIDER, ReconciliationWorld, recordOf, WINDOW_MS } from './reconciliation-world.fixture.js';

const OPERATOR = { subject: 'ops-3', merchantId: null, entityId: null, scopes: new Set(['operator']) };
const MERCHANT = { subject: 'm', merchantId: 'x', entityId: null, scopes: new Set(['merchant.apis']) };

/** A run that opens an AMOUNT_MISMATCH on one payout and a LATE_RETURN on another, an hour apart. */
async function world() {
  const r = new ReconciliationWorld();
  const changed = await r.payout('100');
  r.world.clock.advance(WINDOW_MS);
  const returned = await r.payout('50');
  r.book.records.push(recordOf(changed, { amount: '101.00' }));
  r.book.records.push(recordOf(returned, { state: 'RETURNED', providerState: 'returned' }));
  const run = await r.run();
  const desk = new OperatorReconciliation({ unitOfWork: r.uow, clock: r.world.clock, resolver: r.resolve });
  return { r, desk, changed, returned, run };
}

describe('OperatorReconciliation', () => {
  it('lists the runs with their counts, for operators only', async () => {
    const { desk, run } = await world();
    const runs = await desk.runs(OPERATOR, { provider: PROVIDER }, firstPage());
    expect(runs.ok && runs.value.items).to.deep.equal([
      {
        id: run.id,
        provider: PROVIDER,
        day: DAY,
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt.toISOString(),
        records: 2,
        matched: 0,
        pending: 0,
        opened: 2,
        exceptions: run.exceptions,
      },
    ]);
    const other = await desk.runs(OPERATOR, { provider: 'another' }, firstPage());
    expect(other.ok && other.value.items).to.deep.equal([]);
    const refused = await desk.runs(MERCHANT, {}, firstPage());
    expect(refused.ok || refused.error.code).to.equal('UNAUTHORIZED');
  });

  it('lists exceptions with their evidence, age and allowed actions, filtered by state, type and age', async () => {
    const { r, desk, changed, returned } = await world();
    r.world.clock.advance(WINDOW_MS);
    const open = await desk.exceptions(OPERATOR, { state: 'open' }, firstPage('asc'));
    if (!open.ok) throw new Error(open.error.message);
    expect(open.value.items.map((e) => [e.type, e.withdrawalId, e.actions])).to.deep.equal([
      ['AMOUNT_MISMATCH', changed.id, ['ACKNOWLEDGE']],
      ['LATE_RETURN', returned.id, ['REVERSE', 'ACKNOWLEDGE']],
    ]);
    const [mismatch] = open.value.items;
    expect(mismatch?.state).to.equal('open');
    expect(mismatch?.ageSeconds).to.equal(
      Math.floor((r.world.clock.now().getTime() - (changed.submittedAt as Date).getTime()) / 1000),
    );
    expect(mismatch?.evidence.provider).to.deep.include({ amount: '101.00' });
    expect(mismatch?.evidence.ours).to.deep.include({ amount: '100.00', id: changed.id });

    const late = await desk.exceptions(OPERATOR, { type: 'LATE_RETURN' }, firstPage());
    expect(late.ok && late.value.items.map((e) => e.withdrawalId)).to.deep.equal([returned.id]);
    // Each began when its payout was submitted, the mismatch's at least an hour before the late return's.
    const between = (r.world.clock.now().getTime() - (returned.submittedAt as Date).getTime()) / 1000 + 60;
    const old = await desk.exceptions(OPERATOR, { olderThanSeconds: between }, firstPage());
    expect(old.ok && old.value.items.map((e) => e.type)).to.deep.equal(['AMOUNT_MISMATCH']);
  });

  it('resolves an exception into its resolved view, once; a resolved one leaves the open list', async () => {
    const { r, desk, returned } = await world();
    const [late] = r.exceptions().filter((e) => e.type === 'LATE_RETURN');
    if (!late) throw new Error('no late return');
    r.world.clock.advance(60_000);

    const resolved = await desk.resolve(OPERATOR, late.id, {
      action: 'REVERSE',
      reason: 'the bank returned it',
    });

    if (!resolved.ok) throw new Error(resolved.error.message);
    expect(resolved.value).to.deep.include({ state: 'resolved', actions: [] });
    expect(resolved.value.resolution).to.deep.equal({
      action: 'REVERSE',
      reason: 'the bank returned it',
      by: 'ops-3',
      at: r.world.clock.now().toISOString(),
    });
    expect(r.stored(returned.id).status).to.equal('FAILED');
    const again = await desk.resolve(OPERATOR, late.id, { action: 'ACKNOWLEDGE', reason: 'again' });
    expect(again.ok || again.error.code).to.equal('ILLEGAL_TRANSITION');
    const open = await desk.exceptions(OPERATOR, { state: 'open' }, firstPage());
    expect(open.ok && open.value.items.map((e) => e.type)).to.deep.equal(['AMOUNT_MISMATCH']);
    const done = await desk.exceptions(OPERATOR, { state: 'resolved' }, firstPage());
    expect(done.ok && done.value.items.map((e) => e.id)).to.deep.equal([late.id]);
  });
});
