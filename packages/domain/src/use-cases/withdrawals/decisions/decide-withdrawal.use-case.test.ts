import { expect } from 'chai';
import { JsonNumber } from '../../../money/money.js';
import { createRailRegistry } from '../../../rails/rail-registry.js';
import { FAILURE_REASONS } from '../../../withdrawal/failure-reason.js';
import { GetTransaction } from '../reads/get-transaction.use-case.js';
import { WithdrawalWorld } from '../withdrawal-world.fixture.js';
import { DecideWithdrawal } from './decide-withdrawal.use-case.js';

async function awaiting(world: WithdrawalWorld, balance = '20000.00') {
  const c = await world.customer({ balance, approvalThreshold: '5000.00' });
  const result = await world.request.execute(c.principal, {
    currency: 'USD',
    linkedAccountId: c.accountId,
    body: { amount: JsonNumber.of('5000'), walletType: 'SPEND' },
  });
  if (!result.ok) throw new Error(result.error.message);
  return { c, id: result.value.withdrawal.id, receipt: result.value };
}

describe('Approval of large withdrawals', () => {
  it('holds an amount at the threshold for approval without debiting or announcing it', async () => {
    const world = new WithdrawalWorld();
    const { c, id, receipt } = await awaiting(world);
    expect(receipt.withdrawal.status).to.equal('AWAITING_APPROVAL');
    expect(await world.balance(c.walletId)).to.equal('20000.00');
    expect(world.eventsOf(id)).to.have.length(0);
    expect(world.rail('ACH').submissions).to.have.length(0);
  });

  it('approve debits, submits and announces PENDING as the first webhook', async () => {
    const world = new WithdrawalWorld();
    const { c, id } = await awaiting(world);
    const approved = await world.decide.approve(world.operator(), id);
    if (!approved.ok) throw new Error(approved.error.message);
    expect(await world.balance(c.walletId)).to.equal('14999.75');
    expect(world.rail('ACH').submissions).to.have.length(1);
    expect(world.eventsOf(id).map((e) => [e.sequence, e.status])).to.deep.equal([
      [2, 'PENDING'],
      [3, 'PROCESSING_PAY_OUT'],
    ]);
    await world.runJobs();
    expect(world.statuses(id)).to.deep.equal([
      'AWAITING_APPROVAL',
      'PENDING',
      'PROCESSING_PAY_OUT',
      'SUCCESS',
    ]);
    expect(await world.ledgerProblems()).to.deep.equal([]);
  });

  it('approve refuses a withdrawal whose rail was disabled since it was requested, debiting nothing', async () => {
    const world = new WithdrawalWorld();
    const { c, id } = await awaiting(world);
    const enabled = [...world.rails.values()].filter((rail) => rail.id !== 'ACH');
    const decide = new DecideWithdrawal({ ...world.deps, rails: createRailRegistry(enabled, ['ACH']) });
    const approved = await decide.approve(world.operator(), id);
    expect(!approved.ok && approved.error.code).to.equal('RAIL_DISABLED');
    expect(world.uow.state.withdrawals.get(id)?.status).to.equal('AWAITING_APPROVAL');
    expect(await world.balance(c.walletId)).to.equal('20000.00');
    expect(world.rail('ACH').submissions).to.have.length(0);
  });

  it('approve re-checks funds: Insufficient Funds #912 leaves it awaiting', async () => {
    const world = new WithdrawalWorld();
    const { c, id } = await awaiting(world, '6000.00');
    const other = await world.request.execute(c.principal, {
      currency: 'USD',
      linkedAccountId: c.accountId,
      body: { amount: JsonNumber.of('4000'), walletType: 'SPEND' },
    });
    expect(other.ok).to.equal(true);
    const approved = await world.decide.approve(world.operator(), id);
    expect(!approved.ok && approved.error.message).to.equal('Insufficient Funds #912');
    expect(world.uow.state.withdrawals.get(id)?.status).to.equal('AWAITING_APPROVAL');
  });

  it('reject cancels with nothing debited and nothing reversed', async () => {
    const world = new WithdrawalWorld();
    const { c, id } = await awaiting(world);
    const rejected = await world.decide.reject(world.operator(), id, 'not today');
    expect(rejected.ok && rejected.value.failureReason).to.equal(FAILURE_REASONS.CANCELLED);
    expect(await world.balance(c.walletId)).to.equal('20000.00');
    expect(world.reversals(id)).to.equal(0);
    expect(world.bodiesOf(id).map((b) => b.payload.reason)).to.deep.equal(['Payment was cancelled.']);
    const again = await world.decide.approve(world.operator(), id);
    expect(!again.ok && again.error.code).to.equal('ILLEGAL_TRANSITION');
  });

  it('expires into FAILED "Payment was cancelled." when nobody decides within the TTL', async () => {
    const world = new WithdrawalWorld();
    const { c, id } = await awaiting(world);
    await world.runJobs();
    const w = world.uow.state.withdrawals.get(id);
    expect(w?.status).to.equal('FAILED');
    expect(w?.failureReason).to.equal(FAILURE_REASONS.CANCELLED);
    expect(world.clock.now().getTime() - (w?.createdAt.getTime() ?? 0)).to.equal(
      world.deps.settings.approvalTtlMs,
    );
    expect(await world.balance(c.walletId)).to.equal('20000.00');
  });

  it('refuses an approver who is the requester, and a principal without the operator scope', async () => {
    const world = new WithdrawalWorld();
    const { c, id } = await awaiting(world);
    const self = await world.decide.approve(world.operator(c.principal.subject), id);
    expect(!self.ok && self.error.code).to.equal('APPROVER_IS_REQUESTER');
    const shouted = await world.decide.approve(world.operator(c.principal.subject.toUpperCase()), id);
    expect(!shouted.ok && shouted.error.code, 'the same subject in upper case').to.equal(
      'APPROVER_IS_REQUESTER',
    );
    const entity = await world.decide.approve(c.principal, id);
    expect(!entity.ok && entity.error.code).to.equal('UNAUTHORIZED');
    const unknown = await world.decide.reject(world.operator(), '00000000-0000-4000-8000-0000000fffff', null);
    expect(!unknown.ok && unknown.error.code).to.equal('TRANSACTION_NOT_FOUND');
  });

  describe('records the decision', () => {
    const auditOf = (world: WithdrawalWorld) =>
      world.uow.state.auditLog.map((e) => [e.actor, e.action, e.subjectType, e.subjectId, e.changes]);

    it('reject keeps who rejected and why on its FAILED change, shown in the lookup, and audits it', async () => {
      const world = new WithdrawalWorld();
      const { c, id } = await awaiting(world);
      const rejected = await world.decide.reject(world.operator('op-ann'), id, 'payee asked to stop');
      expect(rejected.ok).to.equal(true);
      const last = world.uow.state.withdrawals.get(id)?.history.at(-1);
      expect(last).to.deep.include({
        status: 'FAILED',
        reason: FAILURE_REASONS.CANCELLED,
        decidedBy: 'op-ann',
        decisionReason: 'payee asked to stop',
      });
      const lookup = await new GetTransaction(world.deps).execute(c.principal, id);
      expect(lookup.ok && lookup.value.history.map((h) => [h.status, h.decisionReason])).to.deep.equal([
        ['AWAITING_APPROVAL', null],
        ['FAILED', 'payee asked to stop'],
      ]);
      expect(auditOf(world)).to.deep.equal([
        [
          'op-ann',
          'WITHDRAWAL_REJECTED',
          'WITHDRAWAL',
          id,
          { status: 'FAILED', reason: 'payee asked to stop' },
        ],
      ]);
    });

    it('approve keeps who approved on its PENDING change and audits it; a refused approval audits nothing', async () => {
      const world = new WithdrawalWorld();
      const { c, id } = await awaiting(world, '6000.00');
      await world.request.execute(c.principal, {
        currency: 'USD',
        linkedAccountId: c.accountId,
        body: { amount: JsonNumber.of('4000'), walletType: 'SPEND' },
      });
      const refused = await world.decide.approve(world.operator('op-bo'), id, 'first try');
      expect(!refused.ok && refused.error.message).to.equal('Insufficient Funds #912');
      expect(auditOf(world)).to.deep.equal([]);
      await world.fund(c.walletId, '5000.00');
      const approved = await world.decide.approve(world.operator('op-bo'), id);
      expect(approved.ok).to.equal(true);
      const pending = world.uow.state.withdrawals.get(id)?.history.find((h) => h.status === 'PENDING');
      expect(pending).to.deep.include({ decidedBy: 'op-bo', decisionReason: null });
      expect(auditOf(world)).to.deep.equal([
        ['op-bo', 'WITHDRAWAL_APPROVED', 'WITHDRAWAL', id, { status: 'PENDING', reason: null }],
      ]);
    });
  });
});
