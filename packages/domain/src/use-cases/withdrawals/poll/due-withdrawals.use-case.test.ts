import { expect } from 'chai';
import { JsonNumber, Money } from '../../../money/money.js';
import { ScriptedRail } from '../../../testing/scripted-rail.js';
import { checkAt, createWithdrawal, recordSubmitAttempt } from '../../../withdrawal/withdrawal.js';
import { debitAndStore } from '../submit/debit-and-dispatch.js';
import { SAFETY_NET_MARGIN_MS } from '../withdrawal-settings.js';
import { WithdrawalWorld } from '../withdrawal-world.fixture.js';
import { DueWithdrawals } from './due-withdrawals.use-case.js';

/** A request whose process died right after its debit committed: attempt 1 recorded, the rail never called. */
async function debitedButNeverSubmitted(world: WithdrawalWorld) {
  const c = await world.customer();
  const now = world.clock.now();
  const withdrawal = createWithdrawal(
    {
      id: world.ids.next(),
      merchantId: c.merchantId,
      entityId: c.entityId,
      linkedAccountId: c.accountId,
      walletId: c.walletId,
      flow: 'PAYOUT',
      rail: 'ACH',
      currency: 'USD',
      amount: Money.of('100.00'),
      fees: Money.of('0.25'),
      total: Money.of('100.25'),
      reason: null,
      requestedBy: c.principal.subject,
      applicationTokenId: null,
      approvalExpiresAt: null,
      createdAt: now,
    },
    'PENDING',
    true,
  );
  const stored = await world.uow.run((tx) =>
    debitAndStore(tx, world.deps, recordSubmitAttempt(withdrawal, 1, now), null, now),
  );
  if (!stored.ok) throw new Error(stored.error.message);
  return { c, id: withdrawal.id };
}

describe('DueWithdrawals: the withdrawal work queue', () => {
  it('submits a debited withdrawal whose request died before the rail, once the safety-net time comes', async () => {
    const world = new WithdrawalWorld();
    const { id } = await debitedButNeverSubmitted(world);
    const due = new DueWithdrawals(world.deps);
    const safetyNet = world.deps.settings.railTimeoutMs + SAFETY_NET_MARGIN_MS;
    world.clock.advance(safetyNet - 1);
    expect(await due.claimDue(10), 'not before the rail call could have timed out').to.deep.equal([]);
    world.clock.advance(1);
    const [claimed, ...more] = await due.claimDue(10);
    expect([claimed?.id, ...more]).to.deep.equal([id]);
    await due.handle(claimed!);
    expect(world.rail('ACH').submissions.map((s) => [s.withdrawalId, s.attempt])).to.deep.equal([[id, 2]]);
    await world.runJobs();
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS']);
    expect(world.uow.state.withdrawals.get(id)?.nextCheckAt, 'final: nothing left scheduled').to.equal(null);
  });

  it('keeps a settled payout scheduled through its return window, then lets it go', async () => {
    const world = new WithdrawalWorld([new ScriptedRail('ACH', 1000, 5000)]);
    const c = await world.customer();
    const result = await world.request.execute(c.principal, {
      currency: 'USD',
      linkedAccountId: c.accountId,
      body: { amount: JsonNumber.of('10'), walletType: 'SPEND' },
    });
    if (!result.ok) throw new Error(result.error.message);
    const id = result.value.withdrawal.id;
    const started = world.clock.now().getTime();
    expect(world.uow.state.withdrawals.get(id)?.nextCheckAt?.getTime()).to.equal(started + 1000);
    await world.runJobs();
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS']);
    expect(world.clock.now().getTime() - started, 'watched until the return window closed').to.be.at.least(
      5000,
    );
    expect(world.uow.state.withdrawals.get(id)?.nextCheckAt).to.equal(null);
  });

  it('unschedules a due withdrawal that has nothing left to do', async () => {
    const world = new WithdrawalWorld();
    const { id } = await debitedButNeverSubmitted(world);
    await world.runJobs();
    const settled = world.uow.state.withdrawals.get(id);
    if (!settled) throw new Error('missing');
    world.uow.state.withdrawals.set(id, checkAt(settled, world.clock.now()));
    const due = new DueWithdrawals(world.deps);
    const [claimed, ...more] = await due.claimDue(10);
    expect([claimed?.id, ...more]).to.deep.equal([id]);
    await due.handle(claimed!);
    expect(world.uow.state.withdrawals.get(id)?.nextCheckAt).to.equal(null);
    expect(world.rail('ACH').submissions).to.have.length(1);
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS']);
  });
});
