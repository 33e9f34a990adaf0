import {
  type Clock,
  dayBounds,
  type ProviderRecord,
  type ProviderRecordsPage,
  type ProviderRecordsReader,
  type RailId,
  type SimulatedPayout,
  type SimulatedPayoutBook,
} from '@payout/domain';
import { createSimulatedRails, type SimulatedPayoutRail } from './simulated-payout.rail.js';

export interface SimulatedRecordsOptions {
  readonly clock: Clock;
  /** The book the simulated rails write, and the delays they were made with (their states follow from both). */
  readonly book: SimulatedPayoutBook;
  readonly delaysMs?: Partial<Record<RailId, number>>;
  readonly pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 100;

/**
 * The simulated provider's book of record as reconciliation reads it (`simulated`): the payouts its rails accepted
 * on a day, a page at a time, each in the state the rail's own rules give it now.
 */
export class SimulatedProviderRecords implements ProviderRecordsReader {
  readonly provider = 'simulated';
  private readonly rails: ReadonlyMap<RailId, SimulatedPayoutRail>;
  private readonly pageSize: number;

  constructor(private readonly options: SimulatedRecordsOptions) {
    const rails = createSimulatedRails({
      clock: options.clock,
      delaysMs: options.delaysMs,
      book: options.book,
    });
    this.rails = new Map(rails.map((rail) => [rail.id, rail]));
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  }

  async readPage(day: string, cursor: string | null): Promise<ProviderRecordsPage> {
    const bounds = dayBounds(day);
    if (!bounds) return { kind: 'PAGE', records: [], next: null };
    let payouts: readonly SimulatedPayout[];
    try {
      payouts = await this.options.book.page(bounds.from, bounds.to, cursor, this.pageSize + 1);
    } catch (error) {
      return { kind: 'UNAVAILABLE', detail: `the simulated provider's book: ${(error as Error).message}` };
    }
    const page = payouts.slice(0, this.pageSize);
    return {
      kind: 'PAGE',
      records: page.map((payout) => this.recordOf(payout)),
      next: payouts.length > this.pageSize ? (page.at(-1)?.providerId ?? null) : null,
    };
  }

  private recordOf(payout: SimulatedPayout): ProviderRecord {
    const rail = this.rails.get(payout.rail);
    if (!rail) throw new Error(`the simulated book holds a payout on an unknown rail ${payout.rail}`);
    const accepted = payout.acceptedAt.getTime();
    const outcome = rail.outcomeAt(payout.amount.cents(), this.options.clock.now().getTime() - accepted);
    return {
      provider: this.provider,
      providerId: payout.providerId,
      reference: payout.reference,
      amount: payout.amount.toString(),
      currency: payout.currency,
      state: outcome.state,
      providerState: outcome.state.toLowerCase(),
      createdAt: payout.acceptedAt,
      finalAt: outcome.finalAfterMs === null ? null : new Date(accepted + outcome.finalAfterMs),
      fee: null,
    };
  }
}
