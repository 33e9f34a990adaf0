import type { Knex } from 'knex';
import type { QueryResult } from 'pg';
import { type PgConnection, type PgQuery, sendPipelined } from '../sql/connection.js';
import { type SqlWrite, type SqlWriter, sendWrites } from './sql-write.js';

type QueryConfig = {
  readonly text: string;
  readonly values?: readonly unknown[];
  readonly name?: string;
  /** See PreparedRead.besideHeldWrites. */
  readonly besideHeldWrites?: true;
};
type Callback = (error: Error | null, result?: QueryResult) => void;

/**
 * One unit of work's connection. Its BEGIN is pipelined with the transaction's first statement and its COMMIT
 * with the last writes, so a transaction of a lock, a decision and its writes costs two round trips, not four, and
 * every statement keeps its prepared plan. Statements Knex builds go through unchanged.
 *
 * The repositories' writes (`write`) are held and sent together, pipelined (sendWrites), before the next other
 * statement of the transaction or with its COMMIT: a withdrawal's debit, posting, history and event cost one round
 * trip, and a read sees the transaction's own writes, in the order the use case made them, whichever repository
 * method sends it. Errors of the held writes (a stale sequence, a duplicate posting, a constraint) surface from
 * that statement or from `commit`, inside the transaction, so they still roll everything back.
 */
export class TransactionConnection implements PgConnection, SqlWriter {
  private begun = false;
  private commitLost = false;
  private held: SqlWrite[] = [];

  /**
   * COMMIT was sent and no answer of PostgreSQL's came back for it (the connection broke, the server went away),
   * so the transaction may have committed. An error PostgreSQL answered COMMIT with (a deferred constraint, a
   * transaction already aborted) means it rolled back.
   */
  get commitOutcomeUnknown(): boolean {
    return this.commitLost;
  }

  constructor(private readonly raw: PgConnection) {}

  query(text: string): Promise<QueryResult | QueryResult[]>;
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<QueryResult>;
  /** The callback form is the one Knex uses for the queries it builds. */
  query(config: QueryConfig, callback: Callback): void;
  query(config: string | QueryConfig, callback?: Callback): Promise<QueryResult | QueryResult[]> | undefined {
    if (callback) {
      this.queryBuilt(config as QueryConfig).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
      return;
    }
    return this.one(config as PgQuery);
  }

  /**
   * `queries` pipelined, after BEGIN when the transaction has not started and before COMMIT when `commit`; settles
   * each of `queries`, then COMMIT. The caller says whether it commits: no statement's text is read for it.
   */
  async pipeline(
    queries: readonly PgQuery[],
    commit = false,
  ): Promise<Array<PromiseSettledResult<QueryResult>>> {
    const begins = !this.begun;
    this.begun = true;
    let sent: readonly PgQuery[] = begins ? ['BEGIN', ...queries] : queries;
    if (commit) sent = [...sent, 'COMMIT'];
    const settled = await sendPipelined(this.raw, sent);
    const committed = commit ? settled[settled.length - 1] : undefined;
    if (committed?.status === 'rejected') this.noteCommitFailure(committed.reason);
    if (!begins) return settled;
    const [begin, ...rest] = settled;
    if (begin?.status === 'rejected') throw begin.reason;
    return rest;
  }

  async write(write: SqlWrite): Promise<void> {
    this.held.push(write);
  }

  /**
   * Sends the held writes and commits: COMMIT travels with them when every check of theirs runs inside PostgreSQL
   * (SqlWrite.check is read from their answers), else it follows them.
   */
  async commit(): Promise<void> {
    const writes = this.takeHeld();
    const withCommit = writes.length > 0 && writes.every((write) => write.check === undefined);
    if (writes.length > 0) await sendWrites(this, writes, withCommit);
    if (withCommit || !this.begun) return;
    try {
      await this.raw.query('COMMIT');
    } catch (error) {
      this.noteCommitFailure(error);
      throw error;
    }
  }

  /**
   * Rolls back after a failure. A connection that cannot even do that is marked the way Knex marks a broken
   * one, so its pool discards it instead of lending it out mid-transaction; the caller's error stands.
   */
  async rollback(): Promise<void> {
    this.held = [];
    if (!this.begun) return;
    try {
      await this.raw.query('ROLLBACK');
    } catch (error) {
      (this.raw as { __knex__disposed?: unknown }).__knex__disposed = error;
    }
  }

  private noteCommitFailure(error: unknown): void {
    if ((error as { severity?: unknown } | null)?.severity !== 'ERROR') this.commitLost = true;
  }

  /** A statement Knex built (bind parameters, extended protocol), after BEGIN when it comes first. */
  queryBuilt(config: QueryConfig): Promise<QueryResult> {
    return this.one(config as PgQuery) as Promise<QueryResult>;
  }

  /**
   * The same connection for statements that cannot depend on the held writes (a job's row): sent without sending
   * them first, so that the writes still travel with COMMIT.
   */
  readonly besideHeldWrites: BuiltStatements = {
    query: (config, callback) => {
      this.send(config as PgQuery).then(
        (result) => callback(null, result as QueryResult),
        (error: Error) => callback(error),
      );
    },
    queryBuilt: (config) => this.send(config as PgQuery) as Promise<QueryResult>,
  };

  private takeHeld(): SqlWrite[] {
    const { held } = this;
    this.held = [];
    return held;
  }

  private async one(query: PgQuery): Promise<QueryResult | QueryResult[]> {
    const besideHeld = typeof query === 'object' && (query as QueryConfig).besideHeldWrites === true;
    if (!besideHeld && this.held.length > 0) await sendWrites(this, this.takeHeld());
    return this.send(query);
  }

  private async send(query: PgQuery): Promise<QueryResult | QueryResult[]> {
    if (this.begun) return this.raw.query(query as never);
    const [settled] = await this.pipeline([query]);
    if (settled?.status === 'rejected') throw settled.reason;
    return (settled as PromiseFulfilledResult<QueryResult>).value;
  }
}

/** What Knex needs of a connection to run the statements it builds on it. */
interface BuiltStatements {
  query(config: QueryConfig, callback: Callback): void;
  queryBuilt(config: QueryConfig): Promise<QueryResult>;
}

/**
 * Knex bound to the unit of work's connection: `db('table')…` and `db.raw(…)` run on it, and so do the batched
 * writes and prepared reads that ask `db.client` for a connection.
 */
export function knexOn(knex: Knex, connection: BuiltStatements): Knex {
  const bound = ((table: string) => knex(table).connection(connection)) as unknown as Record<string, unknown>;
  bound.raw = (sql: string, bindings: readonly Knex.RawBinding[] = []) => {
    const native = knex.raw(sql, bindings).toSQL().toNative();
    return connection.queryBuilt({ text: native.sql, values: native.bindings });
  };
  bound.client = {
    acquireConnection: async () => connection,
    releaseConnection: async () => undefined,
  };
  return bound as unknown as Knex;
}
