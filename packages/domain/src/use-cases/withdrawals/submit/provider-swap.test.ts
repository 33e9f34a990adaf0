import { expect } from 'chai';
import { createRailRegistry } from '../../../rails/rail-registry.js';
import { ScriptedRail } from '../../../testing/scripted-rail.js';
import {
  unresolvedWithdrawal,
  WithdrawalWorld,
  withdraw,
  withdrawalBody,
} from '../withdrawal-world.fixture.js';

/** The world's ACH now served by another provider, every other rail as it was. */
function swapAch(world: WithdrawalWorld, provider: string): ScriptedRail {
  const other = new ScriptedRail('ACH', 1000, 0);
  other.provider = provider;
  const rails = [...world.rails.values()].map((rail) => (rail.id === 'ACH' ? other : rail));
  (world.deps as { rails: unknown }).rails = createRailRegistry(rails);
  return other;
}

describe("A rail's provider swapped with its withdrawals in flight", () => {
  it('sends no retry to the new provider: the old one holds the key, so the retry waits for it', async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').willSubmit({ kind: 'UNAVAILABLE', detail: 'timed out after sending' });
    const c = await world.customer();
    const requested = await withdraw(world, c, withdrawalBody());
    if (!requested.ok) throw new Error(requested.error.message);
    const id = requested.value.withdrawal.id;
    expect(world.uow.state.withdrawals.get(id)?.railProvider).to.equal('scripted');
    const other = swapAch(world, 'another-provider');
    await world.runJobs(5).catch(() => undefined);
    expect(other.submissions, 'nothing sent to the new provider').to.have.length(0);
    expect(world.statuses(id)).to.deep.equal(['PENDING']);
    expect(await world.balance(c.walletId)).to.equal('899.75');
    swapAch(world, 'scripted');
    await world.runJobs();
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS']);
  });

  it('asks no other provider about a submitted payout, and new withdrawals go to the new one', async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').willReport({ kind: 'PROCESSING' });
    const c = await world.customer();
    const first = await withdraw(world, c, withdrawalBody());
    if (!first.ok) throw new Error(first.error.message);
    const other = swapAch(world, 'another-provider');
    other.willReport({ kind: 'FAILED', reason: 'Payment could not be processed.' });
    await world.runJobs(5).catch(() => undefined);
    expect(world.statuses(first.value.withdrawal.id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT']);
    const waiting = world.uow.state.withdrawals.get(first.value.withdrawal.id);
    const gap = (waiting?.nextCheckAt?.getTime() ?? 0) - world.clock.now().getTime();
    expect(gap, 'asked again at the slow cadence, not every few seconds').to.equal(
      world.deps.settings.maxSubmitRetryDelayMs,
    );
    expect(world.reversals(first.value.withdrawal.id)).to.equal(0);
    const c2 = await world.customer();
    const second = await withdraw(world, c2, withdrawalBody());
    if (!second.ok) throw new Error(second.error.message);
    expect(world.uow.state.withdrawals.get(second.value.withdrawal.id)?.railProvider).to.equal(
      'another-provider',
    );
    expect(other.submissions.map((s) => s.withdrawalId)).to.deep.equal([second.value.withdrawal.id]);
  });

  it('fails one left with the old provider only on the operator’s word: the new one cannot be asked for its payout', async () => {
    const world = new WithdrawalWorld();
    const { id } = await unresolvedWithdrawal(world);
    const other = swapAch(world, 'another-provider');
    const asked = await world.decide.fail(world.operator(), id);
    expect(!asked.ok && asked.error.code).to.equal('CONFLICT');
    expect(!asked.ok && asked.error.message).to.include(
      'served by scripted when this withdrawal was debited',
    );
    expect(other.lookups, 'the new provider is not asked').to.deep.equal([]);
    const forced = await world.decide.fail(world.operator(), id, 'old provider holds nothing', true);
    expect(forced.ok && forced.value.status).to.equal('FAILED');
  });
});
