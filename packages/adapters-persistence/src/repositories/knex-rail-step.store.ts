import type { RailStepStore } from '@payout/domain';
import type { Knex } from 'knex';

/** Rail steps in `rail_steps`, each statement committed on its own: a rail never writes inside a transaction. */
export class KnexRailStepStore implements RailStepStore {
  constructor(private readonly knex: Knex) {}

  async recorded(withdrawalId: string): Promise<Readonly<Record<string, string>>> {
    const rows: { step: string; value: string }[] = await this.knex('rail_steps')
      .select('step', 'value')
      .where({ withdrawal_id: withdrawalId });
    return Object.fromEntries(rows.map((row) => [row.step, row.value]));
  }

  /**
   * Inserts unless present; when another write was first, reads it in a second statement, whose snapshot sees it
   * (the insert waited for that write to commit before doing nothing). The row names its withdrawal's merchant
   * (migration 0028), looked up in the same statement.
   */
  async record(withdrawalId: string, step: string, value: string): Promise<string> {
    const inserted = await this.knex.raw<{ rows: { value: string }[] }>(
      `INSERT INTO rail_steps (withdrawal_id, merchant_id, step, value)
       VALUES (?, (SELECT merchant_id FROM withdrawals WHERE id = ?), ?, ?)
       ON CONFLICT (withdrawal_id, step) DO NOTHING RETURNING value`,
      [withdrawalId, withdrawalId, step, value],
    );
    const mine = inserted.rows[0]?.value;
    if (mine !== undefined) return mine;
    const first: { value: string } | undefined = await this.knex('rail_steps')
      .first('value')
      .where({ withdrawal_id: withdrawalId, step });
    if (!first) throw new Error(`rail step ${step} of ${withdrawalId} was not stored`);
    return first.value;
  }
}
