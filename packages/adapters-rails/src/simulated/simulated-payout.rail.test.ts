import { FAILURE_REASONS, Money, RAIL_IDS, type RailSubmission } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import {
  createSimulatedRails,
  DEFAULT_SETTLEMENT_DELAYS_MS,
  type SimulatedPayoutRail,
} from './simulated-payout.rail.js';

const submission = (amount: string, attempt = 1, withdrawalId = 'w-1'): RailSubmission => ({
  withdrawalId,
  attempt,
  requestedAt: new Date('2026-01-15T12:00:00Z'),
  amount: Money.of(amount),
  currency: 'USD',
  destination: { kind: 'bank', details: {} },
  description: 'test',
});

/** The rail contract, run over every simulated rail. */
for (const id of RAIL_IDS) {
  describe(`SimulatedPayoutRail ${id}`, () => {
    const setup = () => {
      const clock = new ManualClock();
      const rail = createSimulatedRails({ clock }).find((r) => r.id === id) as SimulatedPayoutRail;
      return { clock, rail };
    };
    const settle = async (amount: string) => {
      const { clock, rail } = setup();
      const submitted = await rail.submit(submission(amount));
      const query = {
        withdrawalId: 'w-1',
        reference: 'reference' in submitted ? submitted.reference : '',
        amount: Money.of(amount),
        submittedAt: clock.now(),
      };
      return { clock, rail, submitted, query };
    };

    it('is idempotent on the withdrawal id', async () => {
      const { rail } = setup();
      const first = await rail.submit(submission('10.00'));
      const again = await rail.submit(submission('10.00', 2));
      expect(again).to.deep.equal(first);
      expect('reference' in first && first.reference).to.equal(`sim-${id.toLowerCase()}-w-1`);
    });

    it('settles once the clock passes the delay, and stays settled, saying when it settled', async () => {
      const { clock, rail, submitted, query } = await settle('10.00');
      if (submitted.kind === 'SETTLED') return expect(id).to.equal('PUSH_TO_CARD');
      const delay = DEFAULT_SETTLEMENT_DELAYS_MS[id];
      expect(submitted, 'accepted, saying when to ask').to.deep.include({
        kind: 'ACCEPTED',
        expectedBy: new Date(query.submittedAt.getTime() + delay),
      });
      clock.advance(delay - 1);
      expect(await rail.status(query), 'not yet, and when').to.deep.equal({
        kind: id === 'ACH' || id === 'RTP' ? 'PROCESSING' : 'PENDING',
        expectedBy: new Date(query.submittedAt.getTime() + delay),
      });
      const settled = { kind: 'SETTLED', settledAt: new Date(query.submittedAt.getTime() + delay) };
      clock.advance(1);
      expect(await rail.status(query)).to.deep.equal(settled);
      clock.advance(600_000);
      expect(await rail.status(query), 'the same settlement time however late the poll').to.deep.equal(
        settled,
      );
    });

    const failures: [string, string][] = [
      ['10.92', FAILURE_REASONS.RECIPIENT_NOT_FOUND],
      ['10.93', FAILURE_REASONS.DUPLICATE],
      ['10.94', FAILURE_REASONS.COMPLIANCE],
      ['10.95', FAILURE_REASONS.GENERAL],
      ['10.96', FAILURE_REASONS.CARD],
      ['10.97', FAILURE_REASONS.CANCELLED],
    ];
    it('fails with the reason the cents pick (.92–.97), after the delay', async () => {
      for (const [amount, reason] of failures) {
        const { clock, rail, submitted, query } = await settle(amount);
        expect(submitted.kind).to.equal('ACCEPTED');
        clock.advance(60_000);
        expect(await rail.status(query)).to.deep.equal({ kind: 'FAILED', reason });
      }
    });

    it('rejects .91 at submission', async () => {
      const { rail } = setup();
      expect((await rail.submit(submission('3.91'))).kind).to.equal('REJECTED');
    });

    it('is unavailable for the first two attempts of .99, then accepts', async () => {
      const { rail } = setup();
      expect((await rail.submit(submission('3.99', 1))).kind).to.equal('UNAVAILABLE');
      expect((await rail.submit(submission('3.99', 2))).kind).to.equal('UNAVAILABLE');
      expect(['ACCEPTED', 'SETTLED']).to.include((await rail.submit(submission('3.99', 3))).kind);
    });

    it('settles .98 and returns it one settlement delay later, where its second return check lands', async () => {
      const { clock, rail, query } = await settle('7.98');
      // One settlement delay after settlement; an instant rail's return comes 2 s after it paid.
      const delay = DEFAULT_SETTLEMENT_DELAYS_MS[id];
      const returnsAfter = delay === 0 ? 2000 : Math.max(delay, 1000);
      const settledAt = query.submittedAt.getTime() + delay;
      const statusAt = async (sinceSettlement: number) => {
        clock.set(new Date(settledAt + sinceSettlement));
        return (await rail.status(query)).kind;
      };
      expect(await statusAt(0)).to.equal('SETTLED');
      expect(await statusAt(returnsAfter - 1)).to.equal('SETTLED');
      expect(await statusAt(returnsAfter)).to.equal('RETURNED');
      expect(await statusAt(rail.returnPollIntervalMs), 'the first return check').to.equal('SETTLED');
      expect(await statusAt(2 * rail.returnPollIntervalMs), 'the second').to.equal('RETURNED');
      // The account does not exist (R03 on ACH): its linked account is marked unusable.
      const returned = await rail.status(query);
      expect(returned).to.deep.include({ accountUnusable: true });
      expect('code' in returned ? returned.code : undefined).to.equal(id === 'ACH' ? 'R03' : undefined);
      expect(2 * rail.returnPollIntervalMs, 'inside the window').to.be.below(rail.returnWindowMs);
      expect(rail.returnPollIntervalMs, 'fewer checks than polls').to.be.at.least(rail.pollIntervalMs);
    });

    it('answers FAILED for a reference it did not issue', async () => {
      const { clock, rail } = setup();
      const status = await rail.status({
        withdrawalId: 'w-1',
        reference: 'sim-other-w-1',
        amount: Money.of('1.00'),
        submittedAt: clock.now(),
      });
      expect(status.kind).to.equal('FAILED');
    });
  });
}
