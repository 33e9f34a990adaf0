import type { ClientBase } from 'pg';
import { addMonths, type Month, monthStart } from '../partitions/months.js';
import { archivedTables, type FamilyName, type TableFamily } from '../partitions/partitioned-tables.js';

/** A family's month the archive is about to drop, and the key range of its rows. */
export interface GuardedMonth {
  readonly family: TableFamily;
  readonly month: Month;
  readonly from: string;
  readonly to: string;
}

/**
 * Something that may still need a month's rows. The archive asks every guard of the family before it exports and
 * again in the transaction that drops, and keeps the month while any holds it. Add a guard to ARCHIVE_GUARDS.
 */
export interface ArchiveGuard {
  /** Named in the archive's report when it holds a month. */
  readonly name: string;
  readonly families: readonly FamilyName[];
  /** How many of the month's rows (or conditions) it still needs; 0 lets the month go. */
  holds(client: ClientBase, month: GuardedMonth): Promise<number>;
}

const count = async (client: ClientBase, text: string, values: readonly unknown[]): Promise<number> =>
  Number((await client.query<{ n: string }>(text, [...values])).rows[0]?.n ?? 0);

/** The withdrawals of the month's rows (every family's first table names its withdrawal) that match `condition`. */
const withdrawalsWhere =
  (condition: string) =>
  (client: ClientBase, { family, from, to }: GuardedMonth): Promise<number> => {
    const [table] = archivedTables(family);
    if (!table) return Promise.resolve(0);
    return count(
      client,
      `SELECT count(*) AS n FROM withdrawals w
        WHERE w.id IN (SELECT withdrawal_id FROM ${table.name} WHERE ${table.key} >= $1 AND ${table.key} < $2)
          AND ${condition}`,
      [from, to],
    );
  };

/** The month's rows of `table` (its month read from `key`) that match `condition`. */
const rowsWhere =
  (table: string, key: string, condition: string) =>
  (client: ClientBase, { from, to }: GuardedMonth): Promise<number> =>
    count(client, `SELECT count(*) AS n FROM ${table} WHERE ${key} >= $1 AND ${key} < $2 AND ${condition}`, [
      from,
      to,
    ]);

const EVERY_FAMILY: readonly FamilyName[] = ['withdrawal-history', 'webhooks', 'ledger', 'reconciliation'];

export const ARCHIVE_GUARDS: readonly ArchiveGuard[] = [
  {
    name: 'withdrawal-not-final',
    families: EVERY_FAMILY,
    holds: withdrawalsWhere("w.status NOT IN ('SUCCESS', 'FAILED')"),
  },
  {
    // The return watch of a settled payout is scheduled until its window closes (docs/returns.md).
    name: 'return-window-open',
    families: EVERY_FAMILY,
    holds: withdrawalsWhere("w.status = 'SUCCESS' AND w.next_check_at IS NOT NULL"),
  },
  {
    // An exception still open may be resolved by reversing or failing the withdrawal (docs/reconciliation.md).
    name: 'reconciliation-exception-open',
    families: EVERY_FAMILY,
    holds: withdrawalsWhere(
      'EXISTS (SELECT 1 FROM reconciliation_exceptions x WHERE x.withdrawal_id = w.id AND x.resolved_at IS NULL)',
    ),
  },
  {
    // An exception of the month's days not yet resolved, a provider's record of no withdrawal of ours included.
    name: 'reconciliation-day-open',
    families: ['reconciliation'],
    holds: rowsWhere('reconciliation_exceptions', 'day', 'resolved_at IS NULL'),
  },
  {
    name: 'webhook-undelivered',
    families: ['webhooks'],
    holds: rowsWhere('webhook_deliveries', 'event_id', "delivery_state = 'PENDING'"),
  },
  {
    // The latest verification must have found the ledger whole, and have started after the month ended.
    name: 'ledger-unverified',
    families: ['ledger'],
    holds: async (client, { month }) =>
      count(
        client,
        `SELECT CASE WHEN bool_and(ok AND started_at >= $1) THEN 0 ELSE 1 END AS n
           FROM (SELECT ok, started_at FROM ledger_verifications ORDER BY started_at DESC LIMIT 1) latest`,
        [monthStart(addMonths(month, 1))],
      ),
  },
];

/** The names of the guards holding the month, with what each holds. */
export async function guardsHolding(
  client: ClientBase,
  guards: readonly ArchiveGuard[],
  month: GuardedMonth,
): Promise<Record<string, number>> {
  const holding: Record<string, number> = {};
  for (const guard of guards.filter((g) => g.families.includes(month.family.name))) {
    const held = await guard.holds(client, month);
    if (held > 0) holding[guard.name] = held;
  }
  return holding;
}
