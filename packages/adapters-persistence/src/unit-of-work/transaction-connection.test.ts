import { expect } from 'chai';
import knexFactory from 'knex';
import type { QueryResult } from 'pg';
import type { PgConnection } from '../sql/connection.js';
import { knexOn, TransactionConnection } from './transaction-connection.js';

const result = (tag: string): QueryResult =>
  ({ command: tag, rowCount: 1, rows: [{ tag }], oid: 0, fields: [] }) as unknown as QueryResult;

/** Answers every statement with a result named after its first word, and records what was sent. */
class RecordingConnection implements PgConnection {
  readonly sent: unknown[] = [];
  failing: string | null = null;
  query(config: unknown): Promise<never> {
    this.sent.push(config);
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    if (this.failing && text.startsWith(this.failing))
      return Promise.reject(new Error(`${this.failing} failed`));
    return Promise.resolve(result(text.split(' ')[0] ?? '') as never);
  }
}

describe('TransactionConnection', () => {
  it('pipelines BEGIN with the first of our statements and keeps every statement prepared', async () => {
    const raw = new RecordingConnection();
    const tx = new TransactionConnection(raw);
    const read = { name: 'lock', text: 'SELECT * FROM t WHERE id = $1 FOR UPDATE', values: ["o'k"] };
    const first = await tx.query(read);
    expect(first.rows).to.deep.equal([{ tag: 'SELECT' }]);
    await tx.query(read);
    await tx.commit();
    expect(raw.sent).to.deep.equal(['BEGIN', read, read, 'COMMIT']);
  });

  it('settles each statement of a pipeline apart from its BEGIN, which it sends only once', async () => {
    const raw = new RecordingConnection();
    const tx = new TransactionConnection(raw);
    raw.failing = 'UPDATE';
    const settled = await tx.pipeline(['INSERT INTO t VALUES (1)', 'UPDATE t SET a = 1'], true);
    expect(settled.map((s) => s.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
    await tx.pipeline(['INSERT INTO t VALUES (2)']);
    expect(raw.sent.filter((sent) => sent === 'BEGIN')).to.have.length(1);
  });

  it('gives a statement built by Knex a BEGIN of its own and passes it through unchanged', async () => {
    const raw = new RecordingConnection();
    const tx = new TransactionConnection(raw);
    const knexQuery = { text: 'select * from "t" where "a" = $1', values: ['$1'] };
    const answer = await new Promise((resolve, reject) =>
      tx.query(knexQuery, (error, value) => (error ? reject(error) : resolve(value))),
    );
    expect(answer).to.deep.equal(result('select'));
    await tx.rollback();
    expect(raw.sent).to.deep.equal(['BEGIN', knexQuery, 'ROLLBACK']);
  });

  it('sends neither COMMIT nor ROLLBACK for a transaction that never started', async () => {
    const raw = new RecordingConnection();
    const tx = new TransactionConnection(raw);
    await tx.commit();
    await tx.rollback();
    expect(raw.sent).to.deep.equal([]);
  });

  it('has its pool discard a connection that cannot roll back, keeping the caller its own error', async () => {
    const raw = new RecordingConnection();
    const tx = new TransactionConnection(raw);
    await tx.query('INSERT INTO t VALUES (1)');
    const lost = new Error('Connection terminated');
    raw.query = () => Promise.reject(lost);
    await tx.rollback();
    expect((raw as unknown as { __knex__disposed?: unknown }).__knex__disposed).to.equal(lost);
  });

  describe("knows when COMMIT's outcome is unknown", () => {
    const connectionLost = () => new Error('Connection terminated unexpectedly');
    /** What PostgreSQL answers a COMMIT it refused: the transaction rolled back. */
    const refused = () =>
      Object.assign(new Error('deferred constraint'), { severity: 'ERROR', code: '23503' });
    const failingCommit = (error: Error) => {
      const raw = new RecordingConnection();
      raw.query = ((config: unknown) =>
        config === 'COMMIT' ? Promise.reject(error) : Promise.resolve(result('INSERT'))) as never;
      return new TransactionConnection(raw);
    };

    it('COMMIT sent on its own and its answer lost: unknown', async () => {
      const tx = failingCommit(connectionLost());
      await tx.query('INSERT INTO t VALUES (1)');
      await tx.commit().catch(() => undefined);
      expect(tx.commitOutcomeUnknown).to.equal(true);
    });

    it('COMMIT pipelined with the writes (BEGIN too) and its answer lost: unknown', async () => {
      const tx = failingCommit(connectionLost());
      await tx.pipeline(['INSERT INTO t VALUES (1)'], true).catch(() => undefined);
      expect(tx.commitOutcomeUnknown).to.equal(true);
    });

    it('COMMIT refused by PostgreSQL, or never sent: known, rolled back', async () => {
      const refusedTx = failingCommit(refused());
      await refusedTx.pipeline(['INSERT INTO t VALUES (1)'], true);
      expect(refusedTx.commitOutcomeUnknown).to.equal(false);
      const unsent = failingCommit(connectionLost());
      await unsent.pipeline(['INSERT INTO t VALUES (1)']);
      expect(unsent.commitOutcomeUnknown).to.equal(false);
    });
  });

  it('runs what Knex builds, raw or not, on the unit of work connection and nowhere else', async () => {
    const knex = knexFactory({ client: 'pg' });
    try {
      const raw = new RecordingConnection();
      const db = knexOn(knex, new TransactionConnection(raw));
      await db.raw('select ? as n', [7]);
      await db('t').where({ a: 1 }).first();
      expect(raw.sent).to.deep.equal([
        'BEGIN',
        { text: 'select $1 as n', values: [7] },
        { text: 'select * from "t" where "a" = $1 limit $2', values: [1, 1] },
      ]);
    } finally {
      await knex.destroy();
    }
  });
});
