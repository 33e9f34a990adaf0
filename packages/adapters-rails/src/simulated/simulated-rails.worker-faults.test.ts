import {
  createRailRegistry,
  DEFAULT_WITHDRAWAL_SETTINGS,
  DueWithdrawals,
  FAILURE_REASONS,
  JsonNumber,
  type LinkKind,
  Money,
  type PayoutRail,
  RAIL_IDS,
  type RailId,
  RequestWithdrawal,
  type RoutingType,
  type WithdrawalFlowDeps,
  walletAccount,
} from '@payout/domain';
import { InMemoryUnitOfWork, ManualClock, SequentialIds, seedCustomer } from '@payout/domain/testing';
import { expect } from 'chai';
import { createSimulatedRails } from './simulated-payout.rail.js';

/** The link and routing type that send a withdrawal to each rail. */
const ROUTE: Readonly<Record<RailId, { kind: LinkKind; routingType?: RoutingType }>> = {
  ACH: { kind: 'bank' },
  RTP: { kind: 'bank', routingType: 'RTP' },
  WIRE: { kind: 'bank', routingType: 'WIRE' },
  SWIFT: { kind: 'international_bank' },
  PUSH_TO_CARD: { kind: 'card' },
  ZELLE: { kind: 'zelle' },
  PAYPAL: { kind: 'paypal' },
  VENMO: { kind: 'venmo' },
};

/**
 * What becomes of the process making one rail call (the API's submission, a worker's retry or poll). Dying
 * leaves its lease (or the request's safety net) to run out; a late one commits its answer long after the rail
 * gave it: past its lease, past the return window, and, in the last case, after another worker claimed the
 * withdrawal and died.
 */
const FAULTS = [
  'dies before the call',
  'dies before recording',
  'records late',
  'records late over a claim',
] as const;
type Fault = (typeof FAULTS)[number];

/** Longer than a lease (rail timeout and safety-net margin) and than any simulated rail's return window. */
const STALL_MS = 60_000;
const FUNDS = '1000.00';

class Abandoned extends Error {}

const survive = (error: unknown): void => {
  if (!(error instanceof Abandoned)) throw error;
};

/** One `.98` withdrawal's life on the simulated rails; rail call `faultAt` (1-based) suffers `fault`. */
class FaultyLife {
  readonly clock = new ManualClock('2026-03-02T10:00:00.000Z');
  readonly uow = new InMemoryUnitOfWork();
  readonly ids = new SequentialIds();
  readonly deps: WithdrawalFlowDeps;
  private readonly due: DueWithdrawals;
  /** Rail calls made so far. */
  calls = 0;

  constructor(
    private readonly faultAt = 0,
    private readonly fault: Fault = 'dies before the call',
  ) {
    const rails = createSimulatedRails({ clock: this.clock }).map((rail) => this.faulty(rail));
    this.deps = {
      unitOfWork: this.uow,
      rails: createRailRegistry(rails),
      clock: this.clock,
      ids: this.ids,
      settings: { ...DEFAULT_WITHDRAWAL_SETTINGS, railTimeoutMs: 1000 },
    };
    this.due = new DueWithdrawals(this.deps);
  }

  /** Requests the withdrawal, then works like the workers until nothing is scheduled. */
  async live(rail: RailId): Promise<{ id: string; walletId: string }> {
    const { kind, routingType } = ROUTE[rail];
    const c = await seedCustomer(this.uow, this.ids, this.clock.now(), { kind, balance: FUNDS });
    await new RequestWithdrawal(this.deps)
      .execute(c.principal, {
        currency: 'USD',
        linkedAccountId: c.accountId,
        body: {
          amount: JsonNumber.of('100.98'),
          walletType: 'SPEND',
          ...(routingType ? { routingType } : {}),
        },
      })
      .catch(survive);
    const [withdrawal] = this.uow.state.withdrawals.values();
    if (!withdrawal) throw new Error('no withdrawal was stored');
    for (let round = 0; round < 100; round++) {
      const next = this.stored(withdrawal.id).nextCheckAt;
      if (!next) return { id: withdrawal.id, walletId: c.walletId };
      if (next > this.clock.now()) this.clock.set(next);
      for (const claimed of await this.due.claimDue(1)) await this.due.handle(claimed).catch(survive);
    }
    throw new Error('the withdrawal never stopped being scheduled');
  }

  stored(id: string) {
    const withdrawal = this.uow.state.withdrawals.get(id);
    if (!withdrawal) throw new Error(`withdrawal ${id} is missing`);
    return withdrawal;
  }

  private faulty(rail: PayoutRail): PayoutRail {
    const call = async <T>(answer: () => Promise<T>): Promise<T> => {
      this.calls += 1;
      if (this.calls !== this.faultAt) return answer();
      if (this.fault === 'dies before the call') throw new Abandoned();
      const answered = await answer();
      if (this.fault === 'dies before recording') throw new Abandoned();
      this.clock.advance(STALL_MS);
      if (this.fault === 'records late over a claim') {
        const taken = await this.due.claimDue(10);
        expect(taken, 'another worker claimed it meanwhile, then died').to.have.length(1);
      }
      return answered;
    };
    return {
      id: rail.id,
      provider: rail.provider,
      pollIntervalMs: rail.pollIntervalMs,
      returnWindowMs: rail.returnWindowMs,
      returnPollIntervalMs: rail.returnPollIntervalMs,
      submit: (submission) => call(() => rail.submit(submission)),
      status: (query) => call(() => rail.status(query)),
    };
  }
}

describe('Simulated rails: a .98 return, and its settlement, are booked exactly once whichever rail call a process fails at', () => {
  for (const rail of RAIL_IDS) {
    it(rail, async () => {
      const clean = new FaultyLife();
      await clean.live(rail);
      expect(clean.calls, 'a submission and at least a poll before the return').to.be.at.least(2);
      for (let faultAt = 1; faultAt <= clean.calls; faultAt++)
        for (const fault of FAULTS) {
          const life = new FaultyLife(faultAt, fault);
          const { id, walletId } = await life.live(rail);
          const at = `${fault} at rail call ${faultAt} of ${clean.calls}`;
          const withdrawal = life.stored(id);
          const statuses = withdrawal.history.map((change) => change.status);
          expect([withdrawal.status, withdrawal.failureReason], at).to.deep.equal([
            'FAILED',
            FAILURE_REASONS.RECIPIENT_NOT_FOUND,
          ]);
          expect(statuses.slice(-2), at).to.deep.equal(['SUCCESS', 'FAILED']);
          expect(new Set(statuses).size, `${at}: each status once`).to.equal(statuses.length);
          const kinds = life.uow.state.ledger.filter((e) => e.withdrawalId === id).map((e) => e.kind);
          expect(kinds, at).to.deep.equal([
            'WITHDRAWAL_DEBIT',
            'PAYOUT_SETTLEMENT',
            'SETTLEMENT_RETURN',
            'WITHDRAWAL_REVERSAL',
          ]);
          expect(await life.uow.read.ledger.settlementDrift(), at).to.deep.equal([]);
          const postings = life.uow.state.ledger
            .flatMap((entry) => entry.lines)
            .filter((line) => line.account === walletAccount(walletId))
            .map((line) => line.amount);
          const balance = life.uow.state.wallets.get(walletId)?.balance;
          expect([balance?.toString(), Money.sum(postings).toString()], at).to.deep.equal([FUNDS, FUNDS]);
        }
    });
  }
});
