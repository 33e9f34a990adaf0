import { Money, type RailId, type SimulatedPayout, type SimulatedPayoutBook } from '@payout/domain';
import type { Knex } from 'knex';

interface PayoutRow {
  provider_id: string;
  reference: string;
  rail: RailId;
  amount: string;
  currency: string;
  accepted_at: Date;
}

interface Booking {
  readonly row: PayoutRow;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** Most payouts one INSERT books. */
const MAX_BOOKED_TOGETHER = 256;

const rowOf = (payout: SimulatedPayout): PayoutRow => ({
  provider_id: payout.providerId,
  reference: payout.reference,
  rail: payout.rail,
  amount: payout.amount.toString(),
  currency: payout.currency,
  accepted_at: payout.acceptedAt,
});

/**
 * The simulated provider's book in `simulated_payouts` (migration 0027), on the pool: the rail books a payout on a
 * connection of its own, never in a unit of work, as a provider's books are none of our transactions. Every process
 * running the simulated rails shares it (docs/decisions/0027-simulated-book-in-the-database.md).
 *
 * The payouts handed in during one turn of the event loop are booked by one INSERT, one at a time in flight: each
 * submission of a burst would otherwise take a pool connection and a commit of its own from the transactions of the
 * withdrawals (docs/decisions/0033-simulated-book-booked-together.md). Each `record` settles with its statement.
 */
export class KnexSimulatedPayoutBook implements SimulatedPayoutBook {
  private queue: Booking[] = [];
  private sending = false;
  private scheduled = false;

  constructor(private readonly knex: Knex) {}

  record(payout: SimulatedPayout): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row: rowOf(payout), resolve, reject });
      if (this.scheduled || this.sending) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.send();
      });
    });
  }

  private send(): void {
    if (this.sending || this.queue.length === 0) return;
    const batch = this.queue.splice(0, MAX_BOOKED_TOGETHER);
    this.sending = true;
    void this.insert(batch).finally(() => {
      this.sending = false;
      this.send();
    });
  }

  private async insert(batch: readonly Booking[]): Promise<void> {
    // One provider id twice in a statement: the first acceptance stands, as across statements.
    const first = new Map<string, PayoutRow>();
    for (const { row } of batch) if (!first.has(row.provider_id)) first.set(row.provider_id, row);
    try {
      await this.knex('simulated_payouts')
        .insert([...first.values()])
        .onConflict('provider_id')
        .ignore();
    } catch (error) {
      for (const booking of batch) booking.reject(error);
      return;
    }
    for (const booking of batch) booking.resolve();
  }

  async page(from: Date, to: Date, after: string | null, limit: number): Promise<readonly SimulatedPayout[]> {
    const query = this.knex('simulated_payouts')
      .where('accepted_at', '>=', from)
      .where('accepted_at', '<', to)
      .orderBy([{ column: 'accepted_at' }, { column: 'provider_id' }])
      .limit(limit);
    if (after !== null)
      query.whereRaw(
        '(accepted_at, provider_id) > (SELECT accepted_at, provider_id FROM simulated_payouts WHERE provider_id = ?)',
        [after],
      );
    const rows: PayoutRow[] = await query;
    return rows.map((row) => ({
      providerId: row.provider_id,
      reference: row.reference,
      rail: row.rail,
      amount: Money.of(row.amount),
      currency: row.currency,
      acceptedAt: row.accepted_at,
    }));
  }
}
