import {
  type Clock,
  isFailureReason,
  type PayoutRail,
  type RailStatus,
  type RailStatusQuery,
  type RailSubmission,
  type RailSubmitResult,
  type RailWebhookRequest,
  type RailWebhookVerifier,
} from '@payout/domain';
import { expect } from 'chai';

/**
 * What a rail is asked to show, whatever drives it (amount triggers for the simulated rails, a scripted provider
 * for a real one):
 * - `settles`: taken, then paid;
 * - `rejected`: refused at submission;
 * - `declined`: taken, then refused by the network or the receiving bank;
 * - `lost-answer`, `provider-error`, `rate-limited`: the first submission gets no usable answer (a timeout after
 *   the request went through, a 5xx, a 429), then a retry with the same key is taken;
 * - `returned`: paid, then the money comes back;
 * - `unknown-reference`: asked about a reference it never issued.
 */
export type RailContractScenario =
  | 'settles'
  | 'rejected'
  | 'declined'
  | 'lost-answer'
  | 'provider-error'
  | 'rate-limited'
  | 'returned'
  | 'unknown-reference';

/** The provider's webhooks, for a provider that sends them: its verifier, and a webhook signed as it signs. */
export interface RailWebhookCase {
  readonly verifier: RailWebhookVerifier;
  /** The provider's webhook that the transfer `reference` changed, freshly signed. */
  signed(reference: string): RailWebhookRequest;
}

export interface RailContractCase {
  readonly rail: PayoutRail;
  readonly clock: Clock;
  readonly submission: RailSubmission;
  /** Set when the rail contract is asked to check the provider's webhooks (`sendsWebhooks`). */
  readonly webhooks?: RailWebhookCase;
  /** Moves the world to the scenario's next state: a clock advance, a transfer moved by the provider. */
  advance(): void;
  /** How many payouts the provider holds now, for providers that keep them; `null` for a stateless rail. */
  payouts(): number | null;
}

/**
 * A case whose provider moves the payout through `steps`, one per `advance` (a scripted provider's statuses):
 * `move` applies one step to the payout of `submission`.
 */
export function steppedCase<Step>(subject: {
  readonly rail: PayoutRail;
  readonly clock: Clock;
  readonly submission: RailSubmission;
  readonly webhooks?: RailWebhookCase;
  readonly steps: readonly Step[];
  readonly move: (step: Step) => void;
  readonly payouts: () => number | null;
}): RailContractCase {
  const steps = [...subject.steps];
  return {
    rail: subject.rail,
    clock: subject.clock,
    submission: subject.submission,
    ...(subject.webhooks ? { webhooks: subject.webhooks } : {}),
    advance: () => {
      const next = steps.shift();
      if (next !== undefined) subject.move(next);
    },
    payouts: subject.payouts,
  };
}

export interface RailContractOptions {
  /**
   * Whether the rail reports returns after settlement (its `returnWindowMs` is then above 0): as RETURNED, or
   * `'as a failure'` for a provider whose refund of a paid payout cannot be told from a failure before payment
   * (Wise's `funds_refunded`): FAILED, which the withdrawal flow also reverses after SUCCESS.
   */
  readonly reportsReturns: boolean | 'as a failure';
  /**
   * The wait the provider's 429 asks for in the `rate-limited` scenario (its `Retry-After`), which the
   * UNAVAILABLE answer must carry as `retryAfterMs`; unset for a rail whose provider names none (simulated).
   */
  readonly rateLimitWaitMs?: number;
  /** Whether the provider's webhooks are received: each case then gives `webhooks`. */
  readonly sendsWebhooks?: boolean;
}

const UNAVAILABLE_SCENARIOS = ['lost-answer', 'provider-error', 'rate-limited'] as const;
/** The simulated rails answer UNAVAILABLE twice before taking a `.99` payout; a real provider once. */
const MAX_ATTEMPTS = 3;

const referenceOf = (result: RailSubmitResult): string =>
  result.kind === 'ACCEPTED' || result.kind === 'SETTLED' ? result.reference : '';

/**
 * The PayoutRail contract (ports/payout-rail.port.ts): idempotent submission, a timeout or outage answered as
 * UNAVAILABLE and never a throw, a status that only moves forward, and reasons from the spec's closed list.
 * `arrange` makes a fresh rail and provider for one scenario.
 */
export function describeRailContract(
  name: string,
  arrange: (scenario: RailContractScenario) => RailContractCase,
  options: RailContractOptions,
): void {
  const submitted = async (subject: RailContractCase) => {
    const submittedAt = subject.clock.now();
    const result = await subject.rail.submit(subject.submission);
    const query: RailStatusQuery = {
      withdrawalId: subject.submission.withdrawalId,
      reference: referenceOf(result),
      amount: subject.submission.amount,
      submittedAt,
    };
    return { result, query, status: () => subject.rail.status(query) };
  };

  const expectNotFinal = (status: RailStatus) => expect(status.kind).to.be.oneOf(['PENDING', 'PROCESSING']);

  describe(`${name} (rail contract)`, () => {
    it('takes a payout, answers a repeated submission with the same reference, then settles and stays settled', async () => {
      const subject = arrange('settles');
      const { result, status } = await submitted(subject);
      expect(result.kind).to.be.oneOf(['ACCEPTED', 'SETTLED']);
      expect(referenceOf(result)).not.to.equal('');
      const again = await subject.rail.submit({ ...subject.submission, attempt: 2 });
      expect(again, 'idempotent on the withdrawal id').to.deep.equal(result);
      if (result.kind === 'ACCEPTED') {
        expectNotFinal(await status());
        subject.advance();
      }
      const settled = await status();
      expect(settled.kind).to.equal('SETTLED');
      expect(await status(), 'settled stays settled').to.deep.equal(settled);
      expect(subject.payouts()).to.be.oneOf([null, 1]);
    });

    it('rejects a payout refused at submission with a reason from the spec, paying nothing', async () => {
      const subject = arrange('rejected');
      const { result } = await submitted(subject);
      expect(result.kind).to.equal('REJECTED');
      if (result.kind !== 'REJECTED') return;
      expect(isFailureReason(result.reason), result.reason).to.equal(true);
      expect(result.detail).to.be.a('string').and.not.equal('');
      expect(subject.payouts()).to.be.oneOf([null, 0]);
    });

    it('fails a taken payout the network declines, with a reason from the spec, for good', async () => {
      const subject = arrange('declined');
      const { result, status } = await submitted(subject);
      expect(result.kind).to.equal('ACCEPTED');
      subject.advance();
      const failed = await status();
      expect(failed.kind).to.equal('FAILED');
      if (failed.kind === 'FAILED') expect(isFailureReason(failed.reason), failed.reason).to.equal(true);
      subject.advance();
      expect(await status(), 'failed stays failed').to.deep.equal(failed);
    });

    for (const scenario of UNAVAILABLE_SCENARIOS)
      it(`answers ${scenario} as UNAVAILABLE, then takes the retry with the same key and pays once`, async () => {
        const subject = arrange(scenario);
        const first = await subject.rail.submit(subject.submission);
        expect(first.kind).to.equal('UNAVAILABLE');
        let result = first;
        for (let attempt = 2; result.kind === 'UNAVAILABLE' && attempt <= MAX_ATTEMPTS; attempt++)
          result = await subject.rail.submit({ ...subject.submission, attempt });
        expect(result.kind).to.be.oneOf(['ACCEPTED', 'SETTLED']);
        const again = await subject.rail.submit({ ...subject.submission, attempt: MAX_ATTEMPTS + 1 });
        expect(referenceOf(again)).to.equal(referenceOf(result));
        expect(subject.payouts(), 'one payout however many tries').to.be.oneOf([null, 1]);
      });

    if (options.rateLimitWaitMs !== undefined)
      it("answers a 429 with the wait its Retry-After asks for, so the worker's next try is not before it", async () => {
        const subject = arrange('rate-limited');
        const first = await subject.rail.submit(subject.submission);
        expect(first).to.deep.include({ kind: 'UNAVAILABLE', retryAfterMs: options.rateLimitWaitMs });
      });

    if (options.sendsWebhooks)
      it("names the payout in the provider's signed webhook before and after a poll, moving nothing itself; refuses one tampered with", async () => {
        const subject = arrange('settles');
        const hooks = subject.webhooks;
        if (!hooks) throw new Error('the case gives no webhooks');
        const { result, status } = await submitted(subject);
        const reference = referenceOf(result);
        const naming = { kind: 'VERIFIED', references: [reference] };
        const first = hooks.signed(reference);
        expect(await hooks.verifier.read(first), 'before any poll').to.deep.equal(naming);
        if (result.kind === 'ACCEPTED') subject.advance();
        const settled = await status();
        expect(settled.kind).to.equal('SETTLED');
        expect(await hooks.verifier.read(first), 'delivered again after the poll').to.deep.equal(naming);
        expect(await hooks.verifier.read(hooks.signed(reference)), 'a later one').to.deep.equal(naming);
        expect(await status(), 'a webhook moves nothing by itself').to.deep.equal(settled);
        const tampered = first.rawBody.toString('utf8').replace(reference, `${reference}0`);
        const forged = await hooks.verifier.read({ ...first, rawBody: Buffer.from(tampered) });
        expect(forged.kind).to.equal('REFUSED');
      });

    if (options.reportsReturns)
      it('reports a return after settlement, and it stays returned', async () => {
        const subject = arrange('returned');
        expect(subject.rail.returnWindowMs).to.be.greaterThan(0);
        const { result, status } = await submitted(subject);
        if (result.kind === 'ACCEPTED') subject.advance();
        expect((await status()).kind).to.equal('SETTLED');
        subject.advance();
        const returned = await status();
        expect(returned.kind).to.equal(options.reportsReturns === 'as a failure' ? 'FAILED' : 'RETURNED');
        if (returned.kind === 'RETURNED' || returned.kind === 'FAILED')
          expect(isFailureReason(returned.reason), returned.reason).to.equal(true);
        expect(await status(), 'returned stays returned').to.deep.equal(returned);
      });

    it('never reports a reference it did not issue as pending or paid', async () => {
      const subject = arrange('unknown-reference');
      const status = await subject.rail.status({
        withdrawalId: subject.submission.withdrawalId,
        reference: 'never-issued-0001',
        amount: subject.submission.amount,
        submittedAt: subject.clock.now(),
      });
      expect(status.kind).to.be.oneOf(['FAILED', 'UNAVAILABLE']);
    });
  });
}
