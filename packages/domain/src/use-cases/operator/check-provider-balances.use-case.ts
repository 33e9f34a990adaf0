import type { Clock } from '../../ports/clock.port.js';
import type {
  ProviderBalance,
  ProviderBalanceReading,
  ProviderBalanceStore,
} from '../../ports/provider-balance.port.js';

/** One provider's answer to the scheduled read. */
export interface ProviderBalanceCheck {
  readonly provider: string;
  readonly reading: ProviderBalanceReading;
}

/**
 * The scheduled read of every provider's balance (PROVIDER_BALANCE_CRON): each is asked at once, none waiting on
 * another, and what it answered is stored for every process to export. A provider that did not answer keeps its
 * last balance, and the time it was read, which then grows old (`payout_provider_balance_read_timestamp_seconds`).
 */
export class CheckProviderBalances {
  constructor(
    private readonly deps: {
      readonly balances: readonly ProviderBalance[];
      readonly store: ProviderBalanceStore;
      readonly clock: Clock;
    },
  ) {}

  execute(): Promise<readonly ProviderBalanceCheck[]> {
    const { balances, store, clock } = this.deps;
    return Promise.all(
      balances.map(async (balance) => {
        const { provider } = balance;
        const reading = await balance.read();
        if (reading.kind === 'READ')
          await store.record({
            provider,
            available: reading.available,
            currency: reading.currency,
            readAt: clock.now(),
          });
        return { provider, reading };
      }),
    );
  }
}
