import knexFactory, { type Knex } from 'knex';

/**
 * How long a pooled connection lives (plus up to half as much again, so they do not all reconnect at once). The
 * hot statements are prepared once per connection, and PostgreSQL keeps the generic plan it made on the sixth
 * execution until the table is analyzed: a plan made while a table was a few pages (a fresh database) is a
 * sequential scan, and stays one as the table grows, unless autovacuum's analyze invalidates it (it is off on
 * some servers). A new connection plans again at the table's current size. Reconnecting costs a few
 * milliseconds per connection per lifetime.
 */
export const CONNECTION_LIFETIME_MS = 10_000;

/**
 * Knex on PostgreSQL as the service uses it: its node-postgres clients run in pipeline mode, so the statements a
 * unit of work sends together (BEGIN and its first read, its writes and COMMIT) go out without waiting for each
 * other's answers (see `sendPipelined`), and connections are replaced after CONNECTION_LIFETIME_MS.
 */
export function createKnex(url: string, poolMax: number, lifetimeMs = CONNECTION_LIFETIME_MS): Knex {
  const connection = { connectionString: url, pipeline: true } as Knex.PgConnectionConfig;
  return knexFactory({
    client: 'pg',
    connection,
    pool: {
      min: 0,
      max: poolMax,
      maxConnectionLifetimeMillis: lifetimeMs,
      maxConnectionLifetimeJitterMillis: lifetimeMs / 2,
    },
  });
}
