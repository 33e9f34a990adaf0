import { expect } from 'chai';
import { JsonNumber } from '../../../money/money.js';
import { WithdrawalWorld } from '../withdrawal-world.fixture.js';

/** Each submission the ZELLE rail receives, with the time on the world's clock when it came. */
async function submissionTimes(world: WithdrawalWorld): Promise<number[]> {
  const rail = world.rail('ZELLE');
  const submit = rail.submit.bind(rail);
  const times: number[] = [];
  rail.submit = (submission) => {
    times.push(world.clock.now().getTime());
    return submit(submission);
  };
  const c = await world.customer({ kind: 'zelle' });
  const result = await world.request.execute(c.principal, {
    currency: 'USD',
    linkedAccountId: c.accountId,
    body: { amount: JsonNumber.of('100'), walletType: 'SPEND' },
  });
  if (!result.ok) throw new Error(result.error.message);
  await world.runJobs();
  expect(world.statuses(result.value.withdrawal.id)).to.deep.equal(['PENDING', 'SUCCESS']);
  return times.map((at) => at - (times[0] ?? 0));
}

describe('RailDispatcher: a provider that says how long to wait (429 Retry-After)', () => {
  it('retries no sooner than the Retry-After, with the same key, then pays once', async () => {
    const world = new WithdrawalWorld();
    world.rail('ZELLE').willSubmit({ kind: 'UNAVAILABLE', detail: 'rate limited', retryAfterMs: 90_000 });
    expect(await submissionTimes(world)).to.deep.equal([0, 90_000]);
    expect(new Set(world.rail('ZELLE').submissions.map((s) => s.withdrawalId)).size).to.equal(1);
  });

  it('keeps its own backoff when that is longer than the Retry-After', async () => {
    const world = new WithdrawalWorld();
    const down = { kind: 'UNAVAILABLE', detail: 'rate limited', retryAfterMs: 1_500 } as const;
    world.rail('ZELLE').willSubmit(down, down, down);
    // The world's backoff: 1 s, 2 s, 4 s after attempts 1, 2 and 3.
    expect(await submissionTimes(world)).to.deep.equal([0, 1_500, 3_500, 7_500]);
  });
});
