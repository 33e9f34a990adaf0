import {
  type IncreaseRailId,
  IncreaseRecordsReader,
  ModernTreasuryRecordsReader,
  PayPalRecordsReader,
  WiseRecordsReader,
} from '@payout/adapters-rails';
import { type Clock, type ProviderRecordsReader, RAIL_IDS } from '@payout/domain';
import type { AppConfig } from '../config/config.js';
import type { RailProvider } from '../config/rails.config.js';

const INCREASE_RAILS: readonly IncreaseRailId[] = ['ACH', 'RTP', 'WIRE', 'PUSH_TO_CARD'];

/**
 * One reader of its book of record for every real provider that serves an enabled rail here, for reconciliation
 * to compare with the ledger: Increase's transfers of the rails it serves (filtered by INCREASE_ACCOUNT_ID when
 * set), Modern Treasury's payment orders from the originating account, PayPal's Transaction Search, the Wise
 * profile's transfers. The simulated rails write their own records.
 */
export function providerRecordsReadersFor(config: AppConfig, clock: Clock): ProviderRecordsReader[] {
  const { providers, increase, modernTreasury, paypal, wise } = config.rails;
  const servedBy = (provider: RailProvider) => RAIL_IDS.filter((rail) => providers[rail] === provider);
  const http = { clock, timeoutMs: config.railTimeoutMs };
  const readers: ProviderRecordsReader[] = [];
  const increaseRails = INCREASE_RAILS.filter((rail) => servedBy('increase').includes(rail));
  if (increase && increaseRails.length > 0)
    readers.push(
      new IncreaseRecordsReader({
        ...increase,
        ...http,
        rails: increaseRails,
        ...(increase.accountId ? { accountId: increase.accountId } : {}),
      }),
    );
  if (modernTreasury && servedBy('modern_treasury').length > 0)
    readers.push(new ModernTreasuryRecordsReader({ ...modernTreasury, ...http }));
  if (paypal && servedBy('paypal').length > 0) readers.push(new PayPalRecordsReader({ ...paypal, ...http }));
  if (wise && servedBy('wise').length > 0) readers.push(new WiseRecordsReader({ ...wise, ...http }));
  return readers;
}
