import { SystemClock } from '@payout/adapters-persistence';
import { SimulatedProviderRecords } from '@payout/adapters-rails';
import {
  type Clock,
  type ProviderRecordsReader,
  RAIL_IDS,
  type SimulatedPayoutBook,
  type WaitingClock,
} from '@payout/domain';
import type { AppConfig } from '../config/config.js';
import type { RailProvider } from '../config/rails.config.js';

export interface ProviderRecordsContext {
  readonly clock: Clock;
  /** The simulated provider's book its rails write (TOKENS.simulatedBook). */
  readonly simulatedBook: SimulatedPayoutBook;
}

/**
 * The book of record of every provider that serves an enabled rail here, as reconciliation reads it
 * (docs/reconciliation.md): the simulated provider's own book. A real provider's reader joins this list with its
 * provider's adapters.
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
