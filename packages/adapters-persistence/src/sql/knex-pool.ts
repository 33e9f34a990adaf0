import knexFactory, { type Knex } from 'knex';

/**
 * Knex on PostgreSQL as the service uses it: its node-postgres clients run in pipeline mode, so the statements a
 * unit of work sends together (BEGIN and its first read, its writes and COMMIT) go out without waiting for each
 * other's answers (see `sendPipelined`). Knex itself sends one statement at a time, as before.
 */
export function createKnex(url: string, poolMax: number): Knex {
  const connection = { connectionString: url, pipeline: true } as Knex.PgConnectionConfig;
  return knexFactory({ client: 'pg', connection, pool: { min: 0, max: poolMax } });
}
