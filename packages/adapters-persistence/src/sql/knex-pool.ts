import knexFactory, { type Knex } from 'knex';

/** Knex on PostgreSQL as the service uses it: a pool of up to `poolMax` node-postgres connections to `url`. */
export function createKnex(url: string, poolMax: number): Knex {
  return knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: poolMax } });
}
