import { UNRESOLVED_SUBMIT_ATTEMPTS } from '@payout/domain';
import type { Knex } from 'knex';

/** Rows of one work queue that are due now and that no worker holds (a claim moves them past now by a lease). */
export interface QueueDue {
  readonly queue: 'withdrawals' | 'webhook_deliveries';
  readonly count: number;
  /** Seconds since the oldest due row fell due; 0 when none is. */
  readonly oldestAgeSeconds: number;
}

/**
 * The per-payout queues' due work, in one statement that reads only the due range of each queue's due index
 * (`withdrawals_due_idx`, `webhook_deliveries_due_idx`): cheap enough to run at every metrics scrape.
 */
export async function readWorkDue(knex: Knex): Promise<readonly QueueDue[]> {
  const result = await knex.raw<{ rows: { queue: QueueDue['queue']; count: number; oldest: number }[] }>(`
    SELECT 'withdrawals' AS queue, count(*)::int AS count,
           coalesce(extract(epoch FROM now() - min(next_check_at)), 0)::float8 AS oldest
      FROM withdrawals WHERE next_check_at <= now()
    UNION ALL
    SELECT 'webhook_deliveries', count(*)::int,
           coalesce(extract(epoch FROM now() - min(next_attempt_at)), 0)::float8
      FROM webhook_deliveries WHERE next_attempt_at <= now()`);
  return result.rows.map((row) => ({ queue: row.queue, count: row.count, oldestAgeSeconds: row.oldest }));
}

/** Debited withdrawals of one rail that no rail has accepted after `UNRESOLVED_SUBMIT_ATTEMPTS` attempts or more. */
export interface RailUnresolved {
  readonly rail: string;
  readonly count: number;
}

/**
 * The unresolved submissions, by rail, from the index of withdrawals awaiting submission (migration 0019): cheap
 * enough to run at every metrics scrape.
 */
export async function readUnresolvedSubmissions(knex: Knex): Promise<readonly RailUnresolved[]> {
  const result = await knex.raw<{ rows: RailUnresolved[] }>(
    `SELECT rail, count(*)::int AS count FROM withdrawals
      WHERE status = 'PENDING' AND debited AND rail_reference IS NULL AND submit_attempts >= ?
      GROUP BY rail ORDER BY rail`,
    [UNRESOLVED_SUBMIT_ATTEMPTS],
  );
  return result.rows;
}

/** The Knex pool's connections: in use, idle, and acquisitions waiting for one. */
export function knexPoolUsage(knex: Knex): { used: number; free: number; waiting: number } {
  const pool = (
    knex.client as {
      pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number };
    }
  ).pool;
  return pool
    ? { used: pool.numUsed(), free: pool.numFree(), waiting: pool.numPendingAcquires() }
    : { used: 0, free: 0, waiting: 0 };
}
