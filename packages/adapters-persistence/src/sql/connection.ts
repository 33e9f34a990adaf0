import type { Knex } from 'knex';
import type { QueryResult } from 'pg';

/** A statement sent on its own: simple-protocol text, or a named prepared statement with its values. */
export type PgQuery =
  | string
  | { readonly name: string; readonly text: string; readonly values: readonly unknown[] };

/** The node-postgres client under Knex: what writes and prepared reads are sent to. */
export interface PgConnection {
  query(text: string): Promise<QueryResult | QueryResult[]>;
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<QueryResult>;
  /**
   * Several statements at once (see `sendPipelined`), then COMMIT when `commit`, settled last; a unit of work's
   * connection adds its BEGIN in front.
   */
  pipeline?(queries: readonly PgQuery[], commit?: boolean): Promise<Array<PromiseSettledResult<QueryResult>>>;
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

interface Corkable {
  readonly connection?: { readonly stream?: { cork?: () => void; uncork?: () => void } };
}

/**
 * Sends `queries` one after another without waiting for each answer (node-postgres clients created with
 * `pipeline: true`; any other client queues them, which is slower but the same), written to the socket together,
 * and settles each. PostgreSQL runs them in order; inside a transaction, a failed statement makes every later
 * one fail with "current transaction is aborted", and a COMMIT after it rolls back.
 */
export async function sendPipelined(
  connection: PgConnection,
  queries: readonly PgQuery[],
): Promise<Array<PromiseSettledResult<QueryResult>>> {
  const stream = (connection as Corkable).connection?.stream;
  stream?.cork?.();
  let sent: Array<Promise<QueryResult>>;
  try {
    sent = queries.map((query) => connection.query(query as never) as Promise<QueryResult>);
  } finally {
    stream?.uncork?.();
  }
  return Promise.allSettled(sent);
}

/**
 * Pipelines on the connection's own terms when it has them (a unit of work's BEGIN), else as they are, with COMMIT
 * after them when `commit`. A bare node-postgres client in pipeline mode has a `pipeline` too, but a flag, not a
 * function.
 */
export const pipelineOn = (
  connection: PgConnection,
  queries: readonly PgQuery[],
  commit = false,
): Promise<Array<PromiseSettledResult<QueryResult>>> =>
  typeof connection.pipeline === 'function'
    ? connection.pipeline(queries, commit)
    : sendPipelined(connection, commit ? [...queries, 'COMMIT'] : queries);

/** A hot read, sent as a named prepared statement: each connection plans it once instead of on every call. */
export interface PreparedRead {
  readonly name: string;
  readonly text: string;
  /**
   * Declares a read of rows that no write a unit of work holds back creates or changes: in a transaction it is
   * sent at once, without the held writes (TransactionConnection), so that they still travel together with COMMIT.
   * Any other statement of a transaction sends them first and sees them.
   */
  readonly besideHeldWrites?: true;
}

export async function readPrepared<Row>(
  db: Knex | Knex.Transaction,
  read: PreparedRead,
  values: readonly unknown[],
): Promise<Row[]> {
  const result = await withConnection(db, (connection) => connection.query({ ...read, values }));
  return result.rows as Row[];
}
