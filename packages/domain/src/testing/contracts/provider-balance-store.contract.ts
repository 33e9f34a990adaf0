import { expect } from 'chai';
import { Money } from '../../money/money.js';
import type { ProviderBalanceStore } from '../../ports/provider-balance.port.js';
import { contractIds } from './contract-subject.js';

/** What every ProviderBalanceStore keeps: the latest balance per provider, an older read never over a newer. */
export function providerBalanceStoreContract(factory: () => Promise<ProviderBalanceStore>): void {
  describe('ProviderBalanceStore contract', () => {
    it('keeps the latest balance of each provider, exactly, and no older one over it', async () => {
      const store = await factory();
      // Names of this run only: suites may share one database.
      const [increase, wise] = [`increase-${contractIds.next()}`, `wise-${contractIds.next()}`];
      const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 10, minute));
      const usd = (amount: string, minute: number, provider = increase) => ({
        provider,
        available: Money.of(amount),
        currency: 'USD',
        readAt: at(minute),
      });
      await store.record(usd('1500.25', 1));
      await store.record(usd('999999999999.99', 2, wise));
      await store.record(usd('-12.30', 3));
      await store.record(usd('7.00', 2));
      const latest = (await store.latest()).filter((b) => b.provider === increase || b.provider === wise);
      expect(latest.map((b) => [b.provider, b.available.toString(), b.currency, b.readAt])).to.deep.equal([
        [increase, '-12.30', 'USD', at(3)],
        [wise, '999999999999.99', 'USD', at(2)],
      ]);
    });
  });
}
