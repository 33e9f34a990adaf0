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

/**
 * The simulated provider's book in `simulated_payouts` (migration 0027), on the pool: the rail books a payout on a
 * connection of its own, never in a unit of work, as a provider's books are none of our transactions. Every process
 * running the simulated rails shares it (docs/decisions/0027-simulated-book-in-the-database.md).
 */
export class KnexSimulatedPayoutBook implements SimulatedPayoutBook {
  constructor(private readonly knex: Knex) {}

  async record(payout: SimulatedPayout): Promise<void> {
    await this.knex('simulated_payouts')
      .insert({
        provider_id: payout.providerId,
        reference: payout.reference,
        rail: payout.rail,
        amount: payout.amount.toString(),
        currency: payout.currency,
        accepted_at: payout.acceptedAt,
      })
      .onConflict('provider_id')
      .ignore();
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
