import type { Knex } from 'knex';
import type { QueryResult } from 'pg';

/** The node-postgres client under Knex: what batched writes and prepared reads are sent to. */
export interface PgConnection {
  query(text: string): Promise<QueryResult | QueryResult[]>;
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<QueryResult>;
}

interface ConnectionSource {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<unknown>;
}

/**
 * Runs `work` on the connection Knex holds for `db`: the transaction's own connection inside a unit of work
 * (releasing it is a no-op there), else one borrowed from the pool for this call.
 */
export async function withConnection<T>(
  db: Knex | Knex.Transaction,
  work: (connection: PgConnection) => Promise<T>,
): Promise<T> {
  const source = db.client as ConnectionSource;
  const connection = await source.acquireConnection();
  try {
    return await work(connection);
  } finally {
    await source.releaseConnection(connection);
  }
}

/** A hot read, sent as a named prepared statement: each connection plans it once instead of on every call. */
export interface PreparedRead {
  readonly name: string;
  readonly text: string;
}

export async function readPrepared<Row>(
  db: Knex | Knex.Transaction,
  read: PreparedRead,
  values: readonly unknown[],
): Promise<Row[]> {
  const result = await withConnection(db, (connection) => connection.query({ ...read, values }));
  return result.rows as Row[];
}
