import { expect } from 'chai';
import { NO_EXCEPTIONS as NONE } from '../../reconciliation/reconciliation-run.js';
import { FAILURE_REASONS } from '../../withdrawal/failure-reason.js';
import { ProviderRecordsUnavailableError } from './read-provider-day.js';
import { DAY, PROVIDER, ReconciliationWorld, recordOf, WINDOW_MS } from './reconciliation-world.fixture.js';

describe('ReconcileProviderDay', () => {
  it('matches a day of settled payouts to the provider’s records, page after page, with no exception', async () => {
    const r = new ReconciliationWorld();
    const payouts = [await r.payout('100'), await r.payout('12.30'), await r.payout('7')];
    r.book.records.push(...payouts.map((w) => recordOf(w)));
    r.book.records[1] = { ...(r.book.records[1] as (typeof r.book.records)[number]), amount: '12.3' };

    const run = await r.run();

    expect(run).to.deep.include({
      provider: PROVIDER,
      day: DAY,
      records: 3,
      matched: 3,
      pending: 0,
      opened: 0,
    });
    expect(run.exceptions).to.deep.equal(NONE);
    expect(r.book.reads.map((read) => read.cursor)).to.deep.equal([null, '2']);
    const stored = await r.uow.read.reconciliation.recordsOfDay(PROVIDER, DAY);
    expect(stored.map((s) => s.withdrawalId)).to.have.members(payouts.map((w) => w.id));
    expect(r.uow.state.reconciliationRuns).to.have.length(1);
    expect(await r.world.ledgerProblems()).to.deep.equal([]);
  });

  it('opens each kind of discrepancy once, with both sides as evidence, and a rerun changes nothing', async () => {
    const r = new ReconciliationWorld();
    const changed = await r.payout('100');
    const doubled = await r.payout('101');
    const missing = await r.payout('102');
    const forced = await r.payout('103');
    r.uow.state.withdrawals.set(forced.id, {
      ...forced,
      status: 'FAILED',
      failureReason: FAILURE_REASONS.GENERAL,
    });
    r.book.records.push(
      recordOf(changed, { amount: '100.01' }),
      recordOf(doubled),
      recordOf(doubled, { providerId: 'tr_again' }),
      recordOf(doubled, { providerId: 'tr_refused', state: 'FAILED' }),
      recordOf(forced),
      recordOf(changed, { providerId: 'tr_stranger', reference: 'nobody', createdAt: changed.createdAt }),
    );
    r.world.clock.advance(WINDOW_MS);

    const run = await r.run();

    expect(run.exceptions).to.deep.equal({
      ...NONE,
      MISSING_AT_PROVIDER: 1,
      UNKNOWN_AT_PROVIDER: 1,
      AMOUNT_MISMATCH: 1,
      STATUS_MISMATCH: 1,
      DUPLICATE_AT_PROVIDER: 1,
    });
    expect([run.matched, run.opened]).to.deep.equal([0, 5]);
    const byType = Object.fromEntries(r.exceptions().map((e) => [e.type, e]));
    expect(byType.AMOUNT_MISMATCH).to.deep.include({ subject: changed.id, withdrawalId: changed.id });
    expect(byType.AMOUNT_MISMATCH?.evidence.ours).to.deep.include({ id: changed.id, amount: '100.00' });
    expect(byType.AMOUNT_MISMATCH?.evidence.provider).to.deep.include({ amount: '100.01', state: 'PAID' });
    expect(byType.DUPLICATE_AT_PROVIDER?.evidence.provider).to.have.length(3);
    expect(byType.MISSING_AT_PROVIDER).to.deep.include({
      subject: missing.id,
      since: missing.submittedAt,
      providerId: null,
    });
    expect(byType.MISSING_AT_PROVIDER?.evidence.provider).to.equal(null);
    expect(byType.STATUS_MISMATCH?.subject).to.equal(forced.id);
    expect(byType.UNKNOWN_AT_PROVIDER).to.deep.include({ subject: 'tr_stranger', withdrawalId: null });

    const before = r.snapshot();
    const again = await r.run();
    expect(again.exceptions).to.deep.equal(run.exceptions);
    expect(again.opened).to.equal(0);
    expect(r.snapshot()).to.deep.equal(before);
    expect(r.uow.state.reconciliationRuns).to.have.length(2);
  });

  it('waits out the settlement window before a payout not final, or not listed, is an exception', async () => {
    const r = new ReconciliationWorld();
    const unlisted = await r.payout('100');
    const slow = await r.payout('101');
    r.book.records.push(recordOf(slow, { state: 'PENDING', providerState: 'pending', finalAt: null }));

    const early = await r.run();
    expect([early.pending, early.opened]).to.deep.equal([2, 0]);

    r.world.clock.advance(WINDOW_MS);
    const late = await r.run();
    expect(late.exceptions).to.deep.equal({ ...NONE, MISSING_AT_PROVIDER: 1, STATUS_MISMATCH: 1 });
    expect(r.exceptions().map((e) => e.subject)).to.have.members([unlisted.id, slow.id]);
  });

  it('calls a return late once our return watch has ended, and waits while it still runs', async () => {
    const r = new ReconciliationWorld();
    const watched = await r.payout('100', 'ZELLE');
    const ended = await r.payout('101');
    const returned = { state: 'RETURNED' as const, providerState: 'returned' };
    r.book.records.push(recordOf(watched, returned), recordOf(ended, returned));
    r.uow.state.withdrawals.set(watched.id, { ...watched, nextCheckAt: r.world.clock.now() });

    const run = await r.run();

    expect(run.exceptions).to.deep.equal({ ...NONE, LATE_RETURN: 1 });
    expect(run.pending).to.equal(1);
    expect(r.exceptions()[0]).to.deep.include({ type: 'LATE_RETURN', subject: ended.id });
    expect(r.stored(ended.id).status, 'an exception moves no money').to.equal('SUCCESS');
    expect(r.kinds(ended.id)).to.deep.equal(['WITHDRAWAL_DEBIT', 'PAYOUT_SETTLEMENT']);
  });

  it('posts a fee the provider reports once, against its settled account', async () => {
    const r = new ReconciliationWorld();
    const w = await r.payout('100');
    r.book.records.push(recordOf(w, { fee: '0.30' }));

    await r.run();
    await r.run();

    expect(r.kinds(w.id)).to.deep.equal(['WITHDRAWAL_DEBIT', 'PAYOUT_SETTLEMENT', 'PROVIDER_FEE']);
    const fee = r.uow.state.ledger.find((e) => e.kind === 'PROVIDER_FEE');
    expect(fee?.lines.map((l) => [l.account, l.amount.toString()])).to.deep.equal([
      ['provider:bank:fees', '-0.30'],
      ['provider:bank:settled', '0.30'],
    ]);
    expect(await r.world.ledgerProblems()).to.deep.equal([]);
  });

  it('posts the settlement a payout settled without one (by the release before) is missing', async () => {
    const r = new ReconciliationWorld();
    const w = await r.payout('100');
    r.uow.state.ledger = r.uow.state.ledger.filter(
      (e) => !(e.withdrawalId === w.id && e.kind === 'PAYOUT_SETTLEMENT'),
    );
    expect(await r.world.ledgerProblems()).to.not.deep.equal([]);
    r.book.records.push(recordOf(w));

    await r.run();

    expect(r.kinds(w.id)).to.deep.equal(['WITHDRAWAL_DEBIT', 'PAYOUT_SETTLEMENT']);
    expect(await r.world.ledgerProblems()).to.deep.equal([]);
  });

  it('posts that missing settlement too when the provider’s book has no record of the payout', async () => {
    const r = new ReconciliationWorld();
    const w = await r.payout('100');
    r.uow.state.ledger = r.uow.state.ledger.filter(
      (e) => !(e.withdrawalId === w.id && e.kind === 'PAYOUT_SETTLEMENT'),
    );

    await r.run();

    expect(r.kinds(w.id)).to.deep.equal(['WITHDRAWAL_DEBIT', 'PAYOUT_SETTLEMENT']);
    expect(await r.world.ledgerProblems()).to.deep.equal([]);
  });

  it('tries an unavailable page again at doubling waits on the clock, no sooner than the provider asks', async () => {
    const r = new ReconciliationWorld();
    r.book.records.push(recordOf(await r.payout('100')));
    r.book.failNext(2).failNext(1, 10_000);
    const start = r.world.clock.now().getTime();

    const run = await r.run();

    expect(run.matched).to.equal(1);
    expect(r.world.clock.now().getTime() - start).to.equal(1000 + 2000 + 10_000);
  });

  it('gives up on a day whose page stays unavailable, having stored and judged nothing', async () => {
    const r = new ReconciliationWorld();
    r.book.records.push(recordOf(await r.payout('100')));
    r.book.failNext(8);

    const error = await r.reconcile.execute(PROVIDER, DAY).catch((e: unknown) => e);

    expect(error).to.be.instanceOf(ProviderRecordsUnavailableError);
    expect(r.book.reads).to.have.length(8);
    expect(r.uow.state.providerRecords.size + r.uow.state.reconciliationRuns.length).to.equal(0);
  });

  it('refuses a provider it cannot read and a day that is not a date', async () => {
    const r = new ReconciliationWorld();
    const unknown = await r.reconcile.execute('nobody', DAY);
    expect(unknown.ok || unknown.error.code).to.equal('NOT_FOUND');
    const bad = await r.reconcile.execute(PROVIDER, '2026-02-30');
    expect(bad.ok || bad.error.code).to.equal('VALIDATION_ERROR');
  });
});
