import { expect } from 'chai';
import { DueWithdrawals } from '../poll/due-withdrawals.use-case.js';
import { WithdrawalWorld, withdraw, withdrawalBody } from '../withdrawal-world.fixture.js';
import { SubmitWithdrawal } from './submit-withdrawal.handler.js';

async function start(world: WithdrawalWorld) {
  const c = await world.customer();
  const result = await withdraw(world, c, withdrawalBody());
  if (!result.ok) throw new Error(result.error.message);
  return { c, id: result.value.withdrawal.id };
}

describe('SubmitWithdrawal (submission jobs)', () => {
  it('a superseded submission attempt is skipped', async () => {
    const world = new WithdrawalWorld();
    const down = { kind: 'UNAVAILABLE', detail: 'down' } as const;
    world.rail('ACH').willSubmit(down, down);
    const { id } = await start(world);
    await new SubmitWithdrawal(world.deps).handle(id, 2);
    await new SubmitWithdrawal(world.deps).handle(id, 2 - 1);
    expect(world.rail('ACH').submissions.map((s) => s.attempt)).to.deep.equal([1, 2]);
  });

  it('an unknown outcome is retried until the provider answers, never failed by a count of attempts', async () => {
    const world = new WithdrawalWorld();
    const down = { kind: 'UNAVAILABLE', detail: 'timed out after sending' } as const;
    world.rail('ACH').willSubmit(...Array.from({ length: 60 }, () => down));
    const { c, id } = await start(world);
    await world.runJobs(200);
    expect(world.rail('ACH').submissions).to.have.length(61);
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS']);
    expect(world.reversals(id)).to.equal(0);
    expect(await world.balance(c.walletId)).to.equal('899.75');
  });

  describe('an unavailable answer to an attempt a later one superseded', () => {
    it('neither fails the withdrawal (the later attempt may be paid) nor replaces the later lease', async () => {
      const world = new WithdrawalWorld();
      const down = { kind: 'UNAVAILABLE', detail: 'down' } as const;
      const due = new DueWithdrawals(world.deps);
      let lease: Date | null | undefined;
      world.rail('ACH').submit = async ({ attempt, withdrawalId }) => {
        if (attempt === 1) return down;
        if (attempt === 3) throw new Error('worker B died after the rail took attempt 3');
        if (attempt > 3) return { kind: 'ACCEPTED', reference: `ref-${withdrawalId}` };
        // Attempt 2: its worker stalls past its lease, and worker B claims the withdrawal.
        world.clock.advance(60_000);
        const [claimed] = await due.claimDue(1);
        lease = claimed?.nextCheckAt;
        await due.handle(claimed!).catch(() => undefined);
        return down;
      };
      const { c, id } = await start(world);
      world.clock.set(world.uow.state.withdrawals.get(id)?.nextCheckAt as Date);
      const [stale] = await due.claimDue(1);
      await due.handle(stale!);
      const after = world.uow.state.withdrawals.get(id);
      expect([after?.status, after?.submitAttempts]).to.deep.equal(['PENDING', 3]);
      expect(lease).to.be.instanceOf(Date);
      expect(after?.nextCheckAt, "worker B's lease").to.deep.equal(lease);
      await world.runJobs();
      expect(world.statuses(id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS']);
      expect(world.reversals(id)).to.equal(0);
      expect(await world.balance(c.walletId)).to.equal('899.75');
    });
  });
});
