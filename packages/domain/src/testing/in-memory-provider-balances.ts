import type { ProviderBalanceStore, StoredProviderBalance } from '../ports/provider-balance.port.js';

/** ProviderBalanceStore in memory: the latest balance of each provider, a later read never replaced by an older. */
export class InMemoryProviderBalances implements ProviderBalanceStore {
  private readonly byProvider = new Map<string, StoredProviderBalance>();

  async record(balance: StoredProviderBalance): Promise<void> {
    const stored = this.byProvider.get(balance.provider);
    if (!stored || stored.readAt.getTime() <= balance.readAt.getTime())
      this.byProvider.set(balance.provider, balance);
  }

  async latest(): Promise<readonly StoredProviderBalance[]> {
    return [...this.byProvider.values()].sort((a, b) => a.provider.localeCompare(b.provider));
  }
}
