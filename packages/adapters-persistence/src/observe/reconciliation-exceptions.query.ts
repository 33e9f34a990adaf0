import type { Knex } from 'knex';

/** The open reconciliation exceptions of one provider and type. */
export interface OpenExceptions {
  readonly provider: string;
  readonly type: string;
  readonly count: number;
  /** Seconds since a run opened the oldest of them. */
  readonly oldestOpenSeconds: number;
}

/**
 * The open exceptions by provider and type, from the partial index of open exceptions (migration 0027): cheap
 * enough to run at every metrics scrape, and the same on every worker.
 */
export async function readOpenExceptions(knex: Knex): Promise<readonly OpenExceptions[]> {
  const result = await knex.raw<{ rows: OpenExceptions[] }>(`
    SELECT provider, type, count(*)::int AS "count",
           greatest(extract(epoch FROM now() - min(opened_at)), 0)::float8 AS "oldestOpenSeconds"
      FROM reconciliation_exceptions WHERE resolved_at IS NULL
     GROUP BY provider, type ORDER BY provider, type`);
  return result.rows;
}
