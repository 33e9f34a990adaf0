import { SystemClock } from '@payout/adapters-persistence';
import {
  type IncreaseRailId,
  IncreaseRecordsReader,
  ModernTreasuryRecordsReader,
  PayPalRecordsReader,
  SimulatedProviderRecords,
  WiseRecordsReader,
} from '@payout/adapters-rails';
import {
  type Clock,
  type ProviderRecordsReader,
  RAIL_IDS,
  type SimulatedPayoutBook,
  type WaitingClock,
} from '@payout/domain';
import type { AppConfig } from '../config/config.js';
import type { RailProvider } from '../config/rails.config.js';

const INCREASE_RAILS: readonly IncreaseRailId[] = ['ACH', 'RTP', 'WIRE', 'PUSH_TO_CARD'];

export interface ProviderRecordsContext {
  readonly clock: Clock;
  /** The simulated provider's book its rails write (TOKENS.simulatedBook). */
  readonly simulatedBook: SimulatedPayoutBook;
}

/**
 * The book of record of every provider that serves an enabled rail here, as reconciliation reads it
 * (docs/reconciliation.md): the simulated provider's own book, and each real provider's reader.
 */
export function providerRecordsFor(
  config: AppConfig,
  { clock, simulatedBook }: ProviderRecordsContext,
): ProviderRecordsReader[] {
  const serves = (provider: RailProvider) =>
    RAIL_IDS.some((rail) => config.rails.providers[rail] === provider);
  const readers: ProviderRecordsReader[] = [];
  if (serves('simulated'))
    readers.push(new SimulatedProviderRecords({ clock, book: simulatedBook, delaysMs: config.railDelaysMs }));
  return [...readers, ...providerRecordsReadersFor(config, clock)];
}

/**
 * One reader of its book of record for every real provider that serves an enabled rail here, for reconciliation
 * to compare with the ledger: Increase's transfers of the rails it serves (filtered by INCREASE_ACCOUNT_ID when
 * set), Modern Treasury's payment orders from the originating account, PayPal's Transaction Search, the Wise
 * profile's transfers.
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

/**
 * The bound clock (a test may bind one that only tells the time), waiting as it does when it can, else in real
 * time: how reconciliation's retries wait.
 */
export const waitingClock = (clock: Clock): WaitingClock =>
  'sleep' in clock && typeof clock.sleep === 'function'
    ? (clock as WaitingClock)
    : { now: () => clock.now(), sleep: (ms) => new SystemClock().sleep(ms) };
