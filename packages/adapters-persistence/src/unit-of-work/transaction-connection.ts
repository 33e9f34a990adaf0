import type { Knex } from 'knex';
import type { QueryResult } from 'pg';
import type { PgConnection } from '../sql/connection.js';
import { literal, type SqlValue } from '../sql/sql-literal.js';

type QueryConfig = { readonly text: string; readonly values?: readonly unknown[]; readonly name?: string };
type Callback = (error: Error | null, result?: QueryResult) => void;

/** `$1`, `$2` … of one of our own prepared texts replaced by literals; those texts hold no `$` in a literal. */
const inlined = (text: string, values: readonly unknown[]): string =>
  text.replace(/\$(\d+)/g, (_, index: string) => literal(values[Number(index) - 1] as SqlValue));

/**
 * One unit of work's connection. Its BEGIN travels with the transaction's first statement (and its COMMIT with
 * the last writes, see WriteBatch), so a transaction of a lock, a decision and its writes costs two round
 * trips, not four. Statements Knex builds go through unchanged, after a BEGIN of their own when they come
 * first: only our own fixed texts are inlined.
 */
export class TransactionConnection implements PgConnection {
  private begun = false;

  constructor(private readonly raw: PgConnection) {}

  query(text: string): Promise<QueryResult | QueryResult[]>;
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<QueryResult>;
  /** The callback form is the one Knex uses for the queries it builds. */
  query(config: QueryConfig, callback: Callback): void;
  query(config: string | QueryConfig, callback?: Callback): Promise<QueryResult | QueryResult[]> | void {
    if (callback) {
      this.queryBuilt(config as QueryConfig).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
      return;
    }
    return this.ours(config);
  }

  async commit(): Promise<void> {
    if (this.begun) await this.raw.query('COMMIT');
  }

  /**
   * Rolls back after a failure. A connection that cannot even do that is marked the way Knex marks a broken
   * one, so its pool discards it instead of lending it out mid-transaction; the caller's error stands.
   */
  async rollback(): Promise<void> {
    if (!this.begun) return;
    try {
      await this.raw.query('ROLLBACK');
    } catch (error) {
      (this.raw as { __knex__disposed?: unknown }).__knex__disposed = error;
    }
  }

  /** A batch of writes (simple protocol) or one of our prepared reads, with BEGIN in front the first time. */
  private async ours(config: string | QueryConfig): Promise<QueryResult | QueryResult[]> {
    if (this.begun) return this.raw.query(config as never);
    this.begun = true;
    const text = typeof config === 'string' ? config : inlined(config.text, config.values ?? []);
    const [, ...results] = (await this.raw.query(`BEGIN;\n${text}`)) as QueryResult[];
    return results.length === 1 ? (results[0] as QueryResult) : results;
  }

  /** A statement Knex built (bind parameters, extended protocol), after a BEGIN of its own when it comes first. */
  async queryBuilt(config: QueryConfig): Promise<QueryResult> {
    if (!this.begun) {
      this.begun = true;
      await this.raw.query('BEGIN');
    }
    return (await this.raw.query(config as never)) as QueryResult;
  }
}

/**
 * Knex bound to the unit of work's connection: `db('table')…` and `db.raw(…)` run on it, and so do the batched
 * writes and prepared reads that ask `db.client` for a connection.
 */
export function knexOn(knex: Knex, connection: TransactionConnection): Knex {
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
