import type { Knex } from 'knex';
import { runWrites, type SqlWrite, type SqlWriter } from '../sql/sql-write.js';

/**
 * The writes of one transaction, held until it next reads or commits and then sent together, pipelined
 * (see runWrites): a withdrawal's debit, ledger posting, history and webhook event cost one round trip instead of
 * seven.
 * Errors (a stale sequence, a duplicate posting, a constraint) surface from that flush, inside the
 * transaction, so they still roll everything back.
 */
export class WriteBatch implements SqlWriter {
  private writes: SqlWrite[] = [];

  constructor(private readonly db: Knex) {}

  async write(write: SqlWrite): Promise<void> {
    this.writes.push(write);
  }

  /**
   * Sends the held writes. With `commit`, COMMIT travels with them when every check of theirs runs inside
   * PostgreSQL; returns whether it did, so the caller knows whether COMMIT is still to be sent.
   */
  async flush(commit = false): Promise<boolean> {
    if (this.writes.length === 0) return false;
    const { writes } = this;
    this.writes = [];
    const withCommit = commit && writes.every((write) => write.check === undefined);
    await runWrites(this.db, writes, withCommit);
    return withCommit;
  }
}
