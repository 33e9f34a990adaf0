import knexFactory, { type Knex } from 'knex';

/**
 * Knex on PostgreSQL as the service uses it: its node-postgres clients run in pipeline mode, so the statements a
 * unit of work sends together (BEGIN and its first read, its writes and COMMIT) go out without waiting for each
 * other's answers (see `sendPipelined`). A connection keeps the plans of its prepared statements until a table's
 * statistics change: autovacuum's analyze is what makes them follow the tables' growth
 * (docs/decisions/0008-read-batches-stay-limits-and-lifetimes-go.md).
 */
export function createKnex(url: string, poolMax: number, log?: Knex.Logger, connectTimeoutMs?: number): Knex {
  const connection = {
    connectionString: url,
    pipeline: true,
    ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
  } as Knex.PgConnectionConfig;
  return knexFactory({
    client: 'pg',
    connection,
    pool: { min: 0, max: poolMax },
    // `connectTimeoutMs`: a server that does not answer fails a caller this soon (a replica's reads then go to
    // the primary) instead of after Knex's minute.
    ...(connectTimeoutMs ? { acquireConnectionTimeout: 2 * connectTimeoutMs } : {}),
    // `log`: where Knex's own warnings (a failed connection attempt, say) go instead of console.log's plain lines.
    ...(log ? { log } : {}),
  });
}
