import { expect } from 'chai';
import { JsonNumber, Money } from '../../../money/money.js';
import type { RailId } from '../../../rails/rail-id.js';
import { FakeSecretGenerator } from '../../../testing/fake-secrets.js';
import { pollStored } from '../../../testing/poll-stored.js';
import { ScriptedRail } from '../../../testing/scripted-rail.js';
import { FAILURE_REASONS } from '../../../withdrawal/failure-reason.js';
import { CreditWallet } from '../../operator/entity-wallet-operations.use-case.js';
import { SubmitWithdrawal } from '../submit/submit-withdrawal.handler.js';
import { WithdrawalWorld } from '../withdrawal-world.fixture.js';
import { DueWithdrawals } from './due-withdrawals.use-case.js';
import { PollWithdrawal } from './poll-withdrawal.handler.js';

async function start(world: WithdrawalWorld, kind: 'bank' | 'zelle' = 'bank', amount = '100') {
  const c = await world.customer({ kind });
  const result = await world.request.execute(c.principal, {
    currency: 'USD',
    linkedAccountId: c.accountId,
    body: { amount: JsonNumber.of(amount), walletType: 'SPEND' },
  });
  if (!result.ok) throw new Error(result.error.message);
  return { c, id: result.value.withdrawal.id };
}

/** The rail's next status answer is given, then `meanwhile` runs before the poll that asked can record it. */
function stallAfterNextAnswer(rail: ScriptedRail, meanwhile: () => Promise<void>): void {
  const status = rail.status.bind(rail);
  rail.status = async (query) => {
    const answer = await status(query);
    rail.status = status;
    await meanwhile();
    return answer;
  };
}

/** The ZELLE rail reports the return: the workers book it, once, and the wallet is whole again. */
async function expectReturnBookedOnce(world: WithdrawalWorld, id: string, walletId: string): Promise<void> {
  world.rail('ZELLE').willReport({ kind: 'RETURNED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND });
  await world.runJobs();
  expect(world.statuses(id)).to.deep.equal(['PENDING', 'SUCCESS', 'FAILED']);
  expect(world.reversals(id)).to.equal(1);
  expect(await world.balance(walletId)).to.equal('1000.00');
}

describe('PollWithdrawal (settlement polls)', () => {
  for (const reason of Object.values(FAILURE_REASONS)) {
    it(`a rail failure "${reason}" ends FAILED with that reason and the debit reversed once`, async () => {
      const world = new WithdrawalWorld();
      world.rail('ACH').willReport({ kind: 'PROCESSING' }, { kind: 'FAILED', reason });
      const { c, id } = await start(world);
      await world.runJobs();
      const w = world.uow.state.withdrawals.get(id);
      expect(w?.status).to.equal('FAILED');
      expect(w?.failureReason).to.equal(reason);
      expect(world.bodiesOf(id).at(-1)?.payload.reason).to.equal(reason);
      expect(world.reversals(id)).to.equal(1);
      expect(await world.balance(c.walletId)).to.equal('1000.00');
      expect(await world.ledgerProblems()).to.deep.equal([]);
    });
  }

  it("carries the provider's code of a return, a failure and a rejection as payload.failureCode, only when given", async () => {
    const world = new WithdrawalWorld([new ScriptedRail('ACH', 1000, 5000)]);
    const { RECIPIENT_NOT_FOUND, GENERAL } = FAILURE_REASONS;
    world.rail('ACH').willReport({ kind: 'RETURNED', reason: RECIPIENT_NOT_FOUND, code: 'R03' });
    const returned = await start(world);
    await world.runJobs();
    world.rail('RTP').willReport({ kind: 'FAILED', reason: GENERAL, code: 'account_blocked' });
    world
      .rail('ACH')
      .willSubmit({ kind: 'REJECTED', reason: GENERAL, detail: 'refused', code: 'invalid_parameters' });
    const c = await world.customer({ kind: 'bank' });
    const ids: string[] = [];
    for (const routingType of ['RTP', 'ACH']) {
      const result = await world.request.execute(c.principal, {
        currency: 'USD',
        linkedAccountId: c.accountId,
        body: { amount: JsonNumber.of('10'), walletType: 'SPEND', routingType },
      });
      // A rejection at once answers RAIL_REJECTED naming the withdrawal it failed.
      ids.push(result.ok ? result.value.withdrawal.id : String(result.error.details?.transactionId));
    }
    world.rail('ZELLE').willReport({ kind: 'FAILED', reason: GENERAL });
    const uncoded = await start(world, 'zelle');
    await world.runJobs();
    const codes = [returned.id, ...ids, uncoded.id].map((id) => {
      const last = world.bodiesOf(id).at(-1);
      return [last?.status, last?.payload.failureCode, world.uow.state.withdrawals.get(id)?.failureCode];
    });
    expect(codes).to.deep.equal([
      ['FAILED', 'R03', 'R03'],
      ['FAILED', 'account_blocked', 'account_blocked'],
      ['FAILED', 'invalid_parameters', 'invalid_parameters'],
      ['FAILED', undefined, null],
    ]);
    const earlier = world.bodiesOf(returned.id).slice(0, -1);
    expect(
      earlier.map((body) => 'failureCode' in body.payload),
      'absent before the failure',
    ).to.deep.equal([false, false, false]);
  });

  it('ACH and RTP pass through PROCESSING_PAY_OUT; other rails go from PENDING to SUCCESS', async () => {
    const expected: [RailId, 'bank' | 'zelle', string[]][] = [
      ['ACH', 'bank', ['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS']],
      ['ZELLE', 'zelle', ['PENDING', 'SUCCESS']],
    ];
    for (const [rail, kind, statuses] of expected) {
      const world = new WithdrawalWorld();
      world.rail(rail).willReport({ kind: 'PENDING' }, { kind: 'SETTLED' });
      const { id } = await start(world, kind);
      await world.runJobs();
      expect(world.statuses(id), rail).to.deep.equal(statuses);
      expect(world.eventsOf(id).map((e) => e.sequence)).to.deep.equal(statuses.map((_, i) => i + 1));
      expect(world.bodiesOf(id).map((b) => b.payload.previousStatus)).to.deep.equal([
        null,
        ...statuses.slice(0, -1),
      ]);
    }
  });

  it('a return after SUCCESS fails the withdrawal and reverses it exactly once', async () => {
    const world = new WithdrawalWorld([new ScriptedRail('ZELLE', 1000, 5000)]);
    world
      .rail('ZELLE')
      .willReport({ kind: 'SETTLED' }, { kind: 'RETURNED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND });
    const { c, id } = await start(world, 'zelle');
    await world.runJobs();
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'SUCCESS', 'FAILED']);
    expect(world.reversals(id)).to.equal(1);
    expect(await world.balance(c.walletId)).to.equal('1000.00');
    await pollStored(world.deps, id);
    expect(world.reversals(id)).to.equal(1);
  });

  it('a return seen before any poll saw the settlement still announces SUCCESS, then FAILED', async () => {
    const world = new WithdrawalWorld([new ScriptedRail('ACH', 1000, 5000)]);
    world.rail('ACH').willReport({ kind: 'RETURNED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND });
    const { c, id } = await start(world);
    await world.runJobs();
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS', 'FAILED']);
    expect(world.eventsOf(id).map((e) => e.status)).to.deep.equal([
      'PENDING',
      'PROCESSING_PAY_OUT',
      'SUCCESS',
      'FAILED',
    ]);
    expect(world.reversals(id)).to.equal(1);
    expect(await world.balance(c.walletId)).to.equal('1000.00');
  });

  it('stops watching for returns once the return window has closed', async () => {
    const world = new WithdrawalWorld([new ScriptedRail('ZELLE', 1000, 2500)]);
    const { id } = await start(world, 'zelle');
    await world.runJobs();
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'SUCCESS']);
    expect(world.rail('ZELLE').statusQueries.length).to.be.within(2, 4);
  });

  it("counts the return window from the rail's settlement time: a late first look ends the watch at once", async () => {
    const window = 5000;
    const world = new WithdrawalWorld([new ScriptedRail('ACH', 1000, window)]);
    const { id } = await start(world);
    const settledAgo = (ms: number) => ({
      kind: 'SETTLED' as const,
      settledAt: new Date(world.clock.now().getTime() - ms),
    });
    world.rail('ACH').willReport(settledAgo(window));
    await pollStored(world.deps, id);
    const late = world.uow.state.withdrawals.get(id);
    expect(
      [late?.status, late?.nextCheckAt],
      'settled a whole window ago: nothing left to watch',
    ).to.deep.equal(['SUCCESS', null]);

    const { id: recent } = await start(world);
    world.rail('ACH').willReport(settledAgo(window - 1));
    await pollStored(world.deps, recent);
    expect(
      world.uow.state.withdrawals.get(recent)?.nextCheckAt?.getTime(),
      'a millisecond left: the last check when the window closes',
    ).to.equal(world.clock.now().getTime() + 1);
    expect(world.rail('ACH').statusQueries).to.have.length(2);
  });

  it('a settlement seen before the return window closed but committed after it keeps the watch', async () => {
    const window = 5000;
    const world = new WithdrawalWorld([new ScriptedRail('ZELLE', 1000, window)]);
    const { c, id } = await start(world, 'zelle');
    await pollStored(world.deps, id);
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'SUCCESS']);
    const ends = world.clock.now().getTime() + window;
    stallAfterNextAnswer(world.rail('ZELLE'), async () => {
      world.clock.set(new Date(ends + 1)); // a backlog: the commit comes after the window closed
    });
    await pollStored(world.deps, id);
    expect(
      world.uow.state.withdrawals.get(id)?.nextCheckAt?.getTime(),
      'the last check, due at once',
    ).to.equal(ends);
    await expectReturnBookedOnce(world, id, c.walletId);
  });

  it("a stale worker's answer leaves the lease of the worker that claimed the withdrawal since", async () => {
    const world = new WithdrawalWorld([new ScriptedRail('ZELLE', 1000, 5000)]);
    const { c, id } = await start(world, 'zelle');
    await pollStored(world.deps, id);
    const due = new DueWithdrawals(world.deps);
    world.clock.set(world.uow.state.withdrawals.get(id)?.nextCheckAt as Date);
    const [stale] = await due.claimDue(1);
    let lease: Date | null | undefined;
    stallAfterNextAnswer(world.rail('ZELLE'), async () => {
      world.clock.advance(60_000);
      // Its lease ran out: another worker claims the withdrawal, and dies before it asks the rail.
      lease = (await due.claimDue(1))[0]?.nextCheckAt;
    });
    await due.handle(stale!);
    expect(lease).to.be.instanceOf(Date);
    expect(world.uow.state.withdrawals.get(id)?.nextCheckAt, 'neither cleared nor shortened').to.deep.equal(
      lease,
    );
    await expectReturnBookedOnce(world, id, c.walletId);
  });

  it("watches a settled payout from the rail's return cadence at widening gaps, the last check when the window closes", async () => {
    const world = new WithdrawalWorld([new ScriptedRail('ZELLE', 1000, 30_000, 1000)]);
    const { id } = await start(world, 'zelle');
    const rail = world.rail('ZELLE');
    const status = rail.status.bind(rail);
    const asked: number[] = [];
    rail.status = async (query) => {
      asked.push(world.clock.now().getTime());
      return status(query);
    };
    await world.runJobs();
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'SUCCESS']);
    const settled = asked[0];
    expect(asked.map((at) => at - settled)).to.deep.equal([0, 1000, 2000, 4000, 8000, 16_000, 30_000]);
  });

  it("watches an ACH payout the 60 days of a consumer's unauthorized return (docs/returns.md) in nine checks after settlement: a return on day 59 is booked by the last", async () => {
    const HOUR = 3_600_000;
    const DAY = 24 * HOUR;
    const world = new WithdrawalWorld([new ScriptedRail('ACH', 30 * 60_000, 60 * DAY, 6 * HOUR)]);
    const { c, id } = await start(world);
    const rail = world.rail('ACH');
    const asked: number[] = [];
    let settledAt = 0;
    rail.status = async () => {
      const now = world.clock.now().getTime();
      asked.push(now);
      settledAt ||= now;
      // Settled at the first look; the return comes 59 days later, before the last check.
      return now - settledAt >= 59 * DAY
        ? { kind: 'RETURNED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND, code: 'R10' }
        : { kind: 'SETTLED', settledAt: new Date(settledAt) };
    };
    await world.runJobs();
    const sinceSettled = asked.map((at) => (at - settledAt) / HOUR);
    expect(sinceSettled).to.deep.equal([0, 6, 12, 24, 48, 96, 192, 384, 768, 1440]);
    expect(world.statuses(id).at(-1)).to.equal('FAILED');
    expect(await world.balance(c.walletId)).to.equal('1000.00');
  });

  it('waits for the settlement the rail expects, not less than a poll interval, instead of asking until then', async () => {
    const askedAt = async (expectedInMs: number) => {
      const world = new WithdrawalWorld([new ScriptedRail('ACH', 1000)]);
      const created = world.clock.now().getTime();
      const expectedBy = new Date(created + expectedInMs);
      const { id } = await start(world);
      const rail = world.rail('ACH').willReport({ kind: 'PROCESSING', expectedBy });
      const status = rail.status.bind(rail);
      const asked: number[] = [];
      rail.status = async (query) => {
        asked.push(world.clock.now().getTime() - created);
        return status(query);
      };
      await world.runJobs();
      expect(world.statuses(id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS']);
      return asked;
    };
    expect(await askedAt(5000), 'expected in 5 s').to.deep.equal([1000, 5000]);
    expect(await askedAt(1200), 'expected sooner than the next poll').to.deep.equal([1000, 2000]);
  });

  it('keeps asking an unavailable rail for a watched return past the window, until it answers', async () => {
    const world = new WithdrawalWorld([new ScriptedRail('ZELLE', 1000, 5000, 5000)]);
    const { id } = await start(world, 'zelle');
    world
      .rail('ZELLE')
      .willReport(
        { kind: 'SETTLED' },
        { kind: 'UNAVAILABLE', detail: 'down' },
        { kind: 'UNAVAILABLE', detail: 'down' },
        { kind: 'RETURNED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND },
      );
    await world.runJobs();
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'SUCCESS', 'FAILED']);
    expect(world.rail('ZELLE').statusQueries).to.have.length(4);
    expect(world.reversals(id)).to.equal(1);
  });

  it('a poll that settles the payout writes the withdrawal once, its next check included', async () => {
    // Counts the writes of one run of the poll's unit of work.
    const world = new WithdrawalWorld([new ScriptedRail('ACH', 1000, 5000)], [], 'on-demand');
    const { id } = await start(world);
    world.rail('ACH').willReport({ kind: 'SETTLED' });
    const repository = world.uow.read.withdrawals;
    const update = repository.update.bind(repository);
    let writes = 0;
    repository.update = async (withdrawal, expectedSequence) => {
      writes += 1;
      return update(withdrawal, expectedSequence);
    };
    await pollStored(world.deps, id);
    const settled = world.uow.state.withdrawals.get(id);
    expect(settled?.status).to.equal('SUCCESS');
    expect(settled?.nextCheckAt?.getTime(), 'watched through the return window').to.equal(
      world.clock.now().getTime() + 1000,
    );
    expect(writes).to.equal(1);
  });

  it('a duplicated or stale job changes nothing twice and never resubmits a submitted payout', async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').willReport({ kind: 'FAILED', reason: FAILURE_REASONS.COMPLIANCE });
    const { c, id } = await start(world);
    const poll = new PollWithdrawal(world.deps);
    await Promise.all([1, 2, 3].map(() => pollStored(world.deps, id, poll)));
    await new SubmitWithdrawal(world.deps).handle(id, 2);
    await world.runJobs();
    expect(world.rail('ACH').submissions).to.have.length(1);
    expect(world.reversals(id)).to.equal(1);
    expect(await world.balance(c.walletId)).to.equal('1000.00');
  });

  it('a failure lands its reversal on a wallet credited to the maximum: credits are capped in total, not by balance', async () => {
    const world = new WithdrawalWorld();
    world
      .rail('ACH')
      .willReport({ kind: 'PROCESSING' }, { kind: 'FAILED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND });
    const { c, id } = await start(world);
    const credit = new CreditWallet({ ...world.deps, secrets: new FakeSecretGenerator() });
    const toMax = Money.MAX.minus(Money.of('1000')).toString();
    expect((await credit.execute(world.operator(), c.walletId, { amount: toMax })).ok).to.equal(true);
    const refilled = await credit.execute(world.operator(), c.walletId, { amount: '1.00' });
    expect(!refilled.ok && refilled.error.message).to.equal(
      'credits to a wallet may total at most 999999999999999999.99',
    );
    await world.runJobs();
    expect(world.statuses(id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'FAILED']);
    expect(world.reversals(id)).to.equal(1);
    expect(await world.balance(c.walletId)).to.equal(Money.MAX.toString());
    expect(await world.ledgerProblems()).to.deep.equal([]);
  });

  it("asks again no sooner than the rail's Retry-After when it was rate limited", async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').willReport({ kind: 'UNAVAILABLE', detail: 'answered 429', retryAfterMs: 120_000 });
    const { id } = await start(world);
    const before = world.uow.state.withdrawals.get(id)?.nextCheckAt as Date;
    world.clock.set(before);
    const [claimed] = await new DueWithdrawals(world.deps).claimDue(1);
    await new DueWithdrawals(world.deps).handle(claimed!);
    const next = world.uow.state.withdrawals.get(id)?.nextCheckAt?.getTime() ?? 0;
    expect(next - world.clock.now().getTime()).to.equal(120_000);
  });
});
