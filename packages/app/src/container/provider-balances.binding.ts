import { IncreaseBalance, ModernTreasuryBalance, PayPalBalance, WiseBalance } from '@payout/adapters-rails';
import { type Clock, type ProviderBalance, RAIL_IDS } from '@payout/domain';
import type { AppConfig } from '../config/config.js';
import type { RailProvider } from '../config/rails.config.js';

/**
 * The balance of every provider that serves an enabled rail here, read from the account its payouts leave from:
 * Increase's account (when INCREASE_ACCOUNT_ID is set: a card-only deployment has none), Modern Treasury's
 * originating internal account, the PayPal balance, the Wise profile's balance. Simulated rails hold no money.
 */
export function providerBalancesFor(config: AppConfig, clock: Clock): ProviderBalance[] {
  const { providers, increase, modernTreasury, paypal, wise } = config.rails;
  const serves = (provider: RailProvider) => RAIL_IDS.some((rail) => providers[rail] === provider);
  const http = { clock, timeoutMs: config.railTimeoutMs };
  const balances: ProviderBalance[] = [];
  if (increase?.accountId && serves('increase')) balances.push(new IncreaseBalance({ ...increase, ...http }));
  if (modernTreasury && serves('modern_treasury'))
    balances.push(
      new ModernTreasuryBalance({
        ...modernTreasury,
        ...http,
        internalAccountId: modernTreasury.originatingAccountId,
      }),
    );
  if (paypal && serves('paypal')) balances.push(new PayPalBalance({ ...paypal, ...http }));
  if (wise && serves('wise')) balances.push(new WiseBalance({ ...wise, ...http }));
  return balances;
}
