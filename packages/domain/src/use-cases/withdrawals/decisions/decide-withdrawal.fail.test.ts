import { expect } from 'chai';
import type { LinkedAccount } from '../../../linked-account/linked-account.js';
import { JsonNumber } from '../../../money/money.js';
import { FAILURE_REASONS } from '../../../withdrawal/failure-reason.js';
import type { Withdrawal } from '../../../withdrawal/withdrawal.js';
import { RailDispatcher } from '../submit/rail-dispatcher.js';
import {
  unresolvedWithdrawal,
  WithdrawalWorld,
  withdraw,
  withdrawalBody,
} from '../withdrawal-world.fixture.js';

const down = { kind: 'UNAVAILABLE', detail: 'timed out after sending' } as const;

describe('DecideWithdrawal.fail (an operator ends a payout no rail accepted)', () => {
  it('fails it, reverses its debit once, says who and why, audits it, and stops its attempts', async () => {
    const world = new WithdrawalWorld();
    const { c, id } = await unresolvedWithdrawal(world);
    expect(await world.balance(c.walletId)).to.equal('899.75');
    const failed = await world.decide.fail(
      world.operator('op-cy'),
      id,
      'Increase holds no transfer for the key',
    );
    expect(failed.ok && [failed.value.status, failed.value.failureReason]).to.deep.equal([
      'FAILED',
      FAILURE_REASONS.GENERAL,
    ]);
    expect(world.reversals(id)).to.equal(1);
    expect(await world.balance(c.walletId)).to.equal('1000.00');
    expect(await world.ledgerProblems()).to.deep.equal([]);
    expect(world.uow.state.withdrawals.get(id)?.history.at(-1)).to.deep.include({
      status: 'FAILED',
      decidedBy: 'op-cy',
      decisionReason: 'Increase holds no transfer for the key',
    });
    expect(world.bodiesOf(id).at(-1)?.status).to.equal('FAILED');
    expect(world.uow.state.auditLog.map((e) => [e.actor, e.action, e.subjectId])).to.deep.equal([
      ['op-cy', 'WITHDRAWAL_FAILED', id],
    ]);
    const attempts = world.rail('ACH').submissions.length;
    await world.runJobs();
    expect(world.rail('ACH').submissions, 'no attempt after it').to.have.length(attempts);
  });

  it("keeps the rail's reference when an attempt held up past its lease is accepted after the fail", async () => {
    const world = new WithdrawalWorld();
    const { c, id } = await unresolvedWithdrawal(world);
    // The attempt as a worker claimed it, before the operator acted; its answer comes after.
    const claimed = world.uow.state.withdrawals.get(id) as Withdrawal;
    const account = (await world.uow.read.linkedAccounts.findById(claimed.linkedAccountId)) as LinkedAccount;
    const failed = await world.decide.fail(world.operator(), id);
    expect(failed.ok).to.equal(true);
    const events = world.eventsOf(id).length;
    world.rail('ACH').willNowSubmit({ kind: 'ACCEPTED', reference: 'ach_late' });
    const late = await new RailDispatcher(world.deps).submitClaimed(
      claimed,
      account,
      claimed.submitAttempts + 1,
    );
    expect(late.kind).to.equal('SKIPPED');
    const stored = world.uow.state.withdrawals.get(id) as Withdrawal;
    expect([stored.status, stored.railReference, stored.nextCheckAt]).to.deep.equal([
      'FAILED',
      'ach_late',
      null,
    ]);
    expect(world.statuses(id), 'the merchant was told FAILED: nothing more is announced').to.deep.equal([
      'PENDING',
      'FAILED',
    ]);
    expect(world.eventsOf(id)).to.have.length(events);
    expect([world.reversals(id), await world.balance(c.walletId)]).to.deep.equal([1, '1000.00']);
    expect(await world.ledgerProblems()).to.deep.equal([]);
    world.rail('ACH').willNowSubmit({ kind: 'ACCEPTED', reference: 'ach_later' });
    await new RailDispatcher(world.deps).submitClaimed(claimed, account, claimed.submitAttempts + 2);
    expect(world.uow.state.withdrawals.get(id)?.railReference, 'the first reference stays').to.equal(
      'ach_late',
    );
  });

  it('asks the provider first: refuses a payout it holds, and one it cannot confirm unless forced', async () => {
    const world = new WithdrawalWorld();
    const { c, id } = await unresolvedWithdrawal(world);
    const ach = world.rail('ACH');
    ach.willFind(
      { kind: 'FOUND', reference: 'ach_held' },
      { kind: 'UNAVAILABLE', detail: 'Increase answered 401' },
    );
    const held = await world.decide.fail(world.operator(), id);
    expect(!held.ok && [held.error.code, held.error.message]).to.deep.equal([
      'ILLEGAL_TRANSITION',
      'scripted holds payout ach_held for it: it is not failed, and its next attempt records it (check it now to bring that forward)',
    ]);
    const unknown = await world.decide.fail(world.operator(), id);
    expect(!unknown.ok && unknown.error.code).to.equal('CONFLICT');
    expect(ach.lookups).to.deep.equal([id, id]);
    expect([world.statuses(id), await world.balance(c.walletId)]).to.deep.equal([['PENDING'], '899.75']);
    expect(world.uow.state.auditLog).to.deep.equal([]);

    const forced = await world.decide.fail(
      world.operator('op-kim'),
      id,
      'Increase support: no transfer',
      true,
    );
    expect(forced.ok && forced.value.status).to.equal('FAILED');
    expect(ach.lookups, 'forced: not asked').to.have.length(2);
    expect(world.uow.state.auditLog.map((e) => e.changes)).to.deep.equal([
      { status: 'FAILED', reason: 'Increase support: no transfer', noPayoutConfirmedBy: 'operator' },
    ]);
  });

  it('says in the audit log whether the provider confirmed no payout, or could not be asked', async () => {
    const world = new WithdrawalWorld();
    const first = await unresolvedWithdrawal(world);
    expect((await world.decide.fail(world.operator(), first.id)).ok).to.equal(true);
    world.rail('ACH').findPayout = undefined;
    const second = await unresolvedWithdrawal(world);
    expect((await world.decide.fail(world.operator(), second.id)).ok).to.equal(true);
    expect(world.uow.state.auditLog.map((e) => [e.subjectId, e.changes.noPayoutConfirmedBy])).to.deep.equal([
      [first.id, 'provider'],
      [second.id, 'operator'],
    ]);
  });

  it('refuses while an attempt may be waiting for its answer: the answer could be the acceptance', async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').willSubmit(down);
    const c = await world.customer();
    const requested = await withdraw(world, c, withdrawalBody());
    if (!requested.ok) throw new Error(requested.error.message);
    const soon = await world.decide.fail(world.operator(), requested.value.withdrawal.id);
    expect(!soon.ok && soon.error.code).to.equal('CONFLICT');
    expect(world.statuses(requested.value.withdrawal.id)).to.deep.equal(['PENDING']);
    expect(await world.balance(c.walletId)).to.equal('899.75');
  });

  it('refuses a payout its rail accepted, one awaiting approval, and a non-operator', async () => {
    const world = new WithdrawalWorld();
    const c = await world.customer({ approvalThreshold: '500.00' });
    const accepted = await withdraw(world, c, withdrawalBody());
    const held = await withdraw(world, c, withdrawalBody({ amount: JsonNumber.of('600') }));
    if (!accepted.ok || !held.ok) throw new Error('not requested');
    for (const id of [accepted.value.withdrawal.id, held.value.withdrawal.id]) {
      const refused = await world.decide.fail(world.operator(), id);
      expect(!refused.ok && refused.error.code, id).to.equal('ILLEGAL_TRANSITION');
    }
    const customer = await world.decide.fail(c.principal, accepted.value.withdrawal.id);
    expect(!customer.ok && customer.error.code).to.equal('UNAUTHORIZED');
    expect(world.uow.state.auditLog).to.deep.equal([]);
  });
});
