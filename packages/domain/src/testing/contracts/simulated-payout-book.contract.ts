import { expect } from 'chai';
import { Money } from '../../money/money.js';
import type { SimulatedPayout, SimulatedPayoutBook } from '../../ports/simulated-payout-book.port.js';
import { at } from './contract-fixtures.js';
import { contractIds } from './contract-subject.js';

const payout = (acceptedAt: Date, overrides: Partial<SimulatedPayout> = {}): SimulatedPayout => ({
  providerId: `sim-ach-${contractIds.next()}`,
  reference: contractIds.next(),
  rail: 'ACH',
  amount: Money.of('25.00'),
  currency: 'USD',
  acceptedAt,
  ...overrides,
});

/** What a SimulatedPayoutBook must honour; `book` gives a book over fresh or shared storage. */
export function simulatedPayoutBookContract(book: () => Promise<SimulatedPayoutBook>): void {
  describe('SimulatedPayoutBook contract', () => {
    it('books a payout once, its first acceptance standing, and pages a window in acceptance order', async () => {
      const subject = await book();
      // Two days of its own, after any other test's payouts: the suite may share its storage.
      const from = new Date(
        at(0).getTime() + Number.parseInt(contractIds.next().slice(-12), 16) * 172_800_000,
      );
      const later = (ms: number) => new Date(from.getTime() + ms);
      const [a, b, c] = [payout(later(3000)), payout(later(1000)), payout(later(2000))] as const;
      const outside = payout(later(86_400_000));
      for (const p of [a, b, c, outside]) await subject.record(p);
      await subject.record({ ...a, amount: Money.of('99.00'), acceptedAt: later(500) });

      const first = await subject.page(from, later(86_400_000), null, 2);
      expect(first.map((p) => p.providerId)).to.deep.equal([b.providerId, c.providerId]);
      const rest = await subject.page(from, later(86_400_000), c.providerId, 2);
      expect(rest.map((p) => p.providerId)).to.deep.equal([a.providerId]);
      expect(rest[0]?.amount.toString()).to.equal('25.00');
      expect(rest[0]?.acceptedAt.getTime()).to.equal(later(3000).getTime());
      expect({ ...rest[0], amount: undefined, acceptedAt: undefined }).to.deep.equal({
        ...a,
        amount: undefined,
        acceptedAt: undefined,
      });
    });
  });
}
