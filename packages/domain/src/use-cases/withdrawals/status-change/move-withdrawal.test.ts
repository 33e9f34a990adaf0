import { expect } from 'chai';
import { JsonNumber } from '../../../money/money.js';
import { recordSubmitAttempt, type Withdrawal } from '../../../withdrawal/withdrawal.js';
import { RailDispatcher } from '../submit/rail-dispatcher.js';
import { WithdrawalWorld, withdraw, withdrawalBody } from '../withdrawal-world.fixture.js';
import { onLatestWithdrawal } from './move-withdrawal.js';

async function requested(world: WithdrawalWorld) {
  const c = await world.customer();
  const result = await withdraw(world, c, withdrawalBody({ amount: JsonNumber.of('10') }));
  if (!result.ok) throw new Error(result.error.message);
  const stored = world.uow.state.withdrawals.get(result.value.withdrawal.id) as Withdrawal;
  return { c, stored };
}

describe('onLatestWithdrawal', () => {
  it('works on the withdrawal as stored when it is as read, once', async () => {
    // Counts the runs of the work: one unit, run once.
    const world = new WithdrawalWorld([], [], 'on-demand');
    const { stored } = await requested(world);
    const seen: Withdrawal[] = [];
    const result = await onLatestWithdrawal(
      world.uow,
      stored,
      async (_tx, current) => {
        seen.push(current);
        return 'done';
      },
      'missing',
    );
    expect(result).to.equal('done');
    expect(seen).to.deep.equal([stored]);
  });

  it('works on the withdrawal as stored when it changed after the read', async () => {
    // Counts the runs of the work: one unit, run once.
    const world = new WithdrawalWorld([], [], 'on-demand');
    const { stored } = await requested(world);
    // Another worker records a submit attempt: no status change, so the status sequence alone would not tell.
    await world.uow.run(async (tx) => {
      await tx.withdrawals.update(recordSubmitAttempt(stored, 7, world.clock.now()), stored.sequence);
    });
    const seen: number[] = [];
    await onLatestWithdrawal(
      world.uow,
      stored,
      async (tx, current) => {
        seen.push(current.submitAttempts);
        // A field an update writes (a withdrawal's `reason` is fixed at creation).
        await tx.withdrawals.update(
          { ...current, failureCode: `after ${current.submitAttempts}` },
          current.sequence,
        );
      },
      undefined,
    );
    expect(seen).to.deep.equal([7]);
    const latest = world.uow.state.withdrawals.get(stored.id);
    expect([latest?.submitAttempts, latest?.failureCode]).to.deep.equal([7, 'after 7']);
  });

  it('applies a late rail answer to the withdrawal as stored, keeping what changed meanwhile', async () => {
    const world = new WithdrawalWorld();
    const { c, stored } = await requested(world);
    const attempt1 = recordSubmitAttempt(
      { ...stored, railReference: null, submittedAt: null, status: 'PENDING' },
      1,
      world.clock.now(),
    );
    // The request's answer arrives after a worker's attempt 2 was recorded and the withdrawal moved on.
    const account = await world.uow.read.linkedAccounts.findById(c.accountId);
    const outcome = await new RailDispatcher(world.deps).submitClaimed(attempt1, account!, 1);
    expect(outcome.kind, 'already submitted: the late answer changes nothing').to.equal('SKIPPED');
    expect(world.uow.state.withdrawals.get(stored.id)).to.deep.equal(stored);
  });

  it('returns `missing` when the withdrawal is gone', async () => {
    const world = new WithdrawalWorld();
    const { stored } = await requested(world);
    world.uow.state.withdrawals.delete(stored.id);
    expect(await onLatestWithdrawal(world.uow, stored, async () => 'found', 'missing')).to.equal('missing');
  });
});
