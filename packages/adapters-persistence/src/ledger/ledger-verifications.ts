import type { LedgerReport } from '@payout/domain';
import type { Knex } from 'knex';

/**
 * Keeps a ledger verification's outcome (migration 0025): the archive drops a ledger month only once the latest
 * verification, started after the month ended, found every posting set balanced and every wallet equal to its
 * postings.
 */
export async function recordLedgerVerification(
  knex: Knex,
  startedAt: Date,
  report: LedgerReport,
): Promise<void> {
  await knex.raw(
    `INSERT INTO ledger_verifications (started_at, ok, unbalanced, drifting) VALUES (?, ?, ?, ?)
     ON CONFLICT (started_at) DO UPDATE SET ok = EXCLUDED.ok AND ledger_verifications.ok,
       unbalanced = EXCLUDED.unbalanced, drifting = EXCLUDED.drifting`,
    [startedAt, report.ok, report.unbalancedEntryIds.length, report.drift.length],
  );
}
