import { expect } from 'chai';
import type { ReconciliationExceptionType } from '../../reconciliation/reconciliation-exception.js';
import { ReconciliationWorld, recordOf, WINDOW_MS } from './reconciliation-world.fixture.js';

const OPERATOR = { subject: 'ops-7', merchantId: null, entityId: null, scopes: new Set(['operator']) };

/** A world with one exception of `type` opened by a run. */
async function withException(type: ReconciliationExceptionType) {
  const r = new ReconciliationWorld();
  const w = await r.payout('100');
  if (type === 'LATE_RETURN')
    r.book.records.push(recordOf(w, { state: 'RETURNED', providerState: 'returned' }));
  if (type === 'UNKNOWN_AT_PROVIDER')
    r.book.records.push(recordOf(w, { reference: 'nobody', providerId: 'tr_x' }));
  if (type === 'UNKNOWN_AT_PROVIDER') r.book.records.push(recordOf(w));
  if (type === 'MISSING_AT_PROVIDER') r.world.clock.advance(WINDOW_MS);
  await r.run();
  const exception = r.exceptions().find((e) => e.type === type);
  if (!exception) throw new Error(`no ${type} was opened`);
  return { r, w, exception };
}

describe('ResolveReconciliationException', () => {
  it('REVERSE books a late return once: FAILED, settlement returned, debit reversed, audited', async () => {
    const { r, w, exception } = await withException('LATE_RETURN');
    const resolved = await r.resolve.execute(OPERATOR, exception.id, {
      action: 'REVERSE',
      reason: 'bank statement shows the return',
    });

    expect(resolved.ok).to.equal(true);
    const after = r.stored(w.id);
    expect([after.status, after.history.at(-1)?.decidedBy]).to.deep.equal(['FAILED', 'ops-7']);
    expect(r.kinds(w.id)).to.deep.equal([
      'WITHDRAWAL_DEBIT',
      'PAYOUT_SETTLEMENT',
      'SETTLEMENT_RETURN',
      'WITHDRAWAL_REVERSAL',
    ]);
    expect(await r.world.balance(after.walletId)).to.equal('10000.00');
    expect(await r.world.ledgerProblems()).to.deep.equal([]);
    expect(r.uow.state.auditLog.at(-1)).to.deep.include({
      actor: 'ops-7',
      action: 'RECONCILIATION_EXCEPTION_RESOLVED',
      subjectType: 'RECONCILIATION_EXCEPTION',
      subjectId: exception.id,
      changes: {
        action: 'REVERSE',
        reason: 'bank statement shows the return',
        type: 'LATE_RETURN',
        provider: 'bank',
        withdrawalId: w.id,
        status: 'FAILED',
      },
    });

    const again = await r.resolve.execute(OPERATOR, exception.id, { action: 'REVERSE', reason: 'twice' });
    expect(again.ok || again.error.code).to.equal('ILLEGAL_TRANSITION');
    expect(r.world.reversals(w.id)).to.equal(1);
    const rerun = await r.run();
    expect([rerun.opened, rerun.matched]).to.deep.equal([0, 1]);
  });

  it('FAIL ends a payout the provider never had, its debit reversed', async () => {
    const { r, w, exception } = await withException('MISSING_AT_PROVIDER');
    const resolved = await r.resolve.execute(OPERATOR, exception.id, {
      action: 'FAIL',
      reason: 'not at the bank',
    });
    expect(resolved.ok && resolved.value.resolution).to.deep.include({ action: 'FAIL', by: 'ops-7' });
    expect(r.stored(w.id).status).to.equal('FAILED');
    expect(r.world.reversals(w.id)).to.equal(1);
    expect(await r.world.ledgerProblems()).to.deep.equal([]);
  });

  it('ACKNOWLEDGE moves nothing and keeps the exception resolved for every later run', async () => {
    const { r, exception } = await withException('UNKNOWN_AT_PROVIDER');
    const ledger = r.uow.state.ledger.length;
    const resolved = await r.resolve.execute(OPERATOR, exception.id, {
      action: 'ACKNOWLEDGE',
      reason: 'their test',
    });
    expect(resolved.ok).to.equal(true);
    expect(r.uow.state.ledger).to.have.length(ledger);
    expect((await r.run()).opened).to.equal(0);
    const stored = await r.uow.read.reconciliation.findException(exception.id);
    expect(stored?.resolution?.reason).to.equal('their test');
  });

  it('refuses an action the type does not allow, a missing reason, an unknown id and a non-operator', async () => {
    const { r, w, exception } = await withException('UNKNOWN_AT_PROVIDER');
    const code = async (...args: Parameters<typeof r.resolve.execute>) => {
      const result = await r.resolve.execute(...args);
      return result.ok ? 'ok' : result.error.code;
    };
    expect(await code(OPERATOR, exception.id, { action: 'FAIL', reason: 'x' })).to.equal(
      'ILLEGAL_TRANSITION',
    );
    expect(await code(OPERATOR, exception.id, { action: 'ACKNOWLEDGE', reason: ' ' })).to.equal(
      'VALIDATION_ERROR',
    );
    expect(await code(OPERATOR, exception.id, { action: 'DELETE', reason: 'x' })).to.equal(
      'VALIDATION_ERROR',
    );
    expect(await code(OPERATOR, r.world.ids.next(), { action: 'ACKNOWLEDGE', reason: 'x' })).to.equal(
      'NOT_FOUND',
    );
    const merchant = { ...OPERATOR, scopes: new Set(['merchant']) };
    expect(await code(merchant, exception.id, { action: 'ACKNOWLEDGE', reason: 'x' })).to.equal(
      'UNAUTHORIZED',
    );
    expect(r.stored(w.id).status).to.equal('SUCCESS');
    expect(
      r.uow.state.auditLog.filter((e) => e.action === 'RECONCILIATION_EXCEPTION_RESOLVED'),
    ).to.deep.equal([]);
  });
});
