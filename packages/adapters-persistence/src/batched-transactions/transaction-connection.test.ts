import { expect } from 'chai';
import type { QueryResult } from 'pg';
import type { PgConnection } from '../sql/connection.js';
import type { SqlWrite } from './sql-write.js';
import { TransactionConnection } from './transaction-connection.js';

const result = (tag: string): QueryResult =>
  ({ command: tag, rowCount: 1, rows: [{ tag }], oid: 0, fields: [] }) as unknown as QueryResult;

/**
 * Answers every statement with a result named after its first word: a connection whose failures a test scripts
 * (what PostgreSQL does with the statements is in transaction-connection.int.test.ts).
 */
class ScriptedConnection implements PgConnection {
  query(config: unknown): Promise<never> {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    return Promise.resolve(result(text.split(' ')[0] ?? '') as never);
  }
}

/** A write the repositories would hand in, its text all the scripted connection looks at. */
const held = (text: string): SqlWrite => ({ text, values: [], kind: 'insert', tables: ['t'] });

/** The first words of what `raw` was sent, in order. */
function recording(raw: ScriptedConnection): string[] {
  const sent: string[] = [];
  const query = raw.query.bind(raw);
  raw.query = ((config: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    sent.push(text.split(' ')[0] ?? '');
    return query(config);
  }) as never;
  return sent;
}

describe('TransactionConnection, holding the writes', () => {
  it('sends the held writes before the next statement, which sees them, and COMMIT with the last ones', async () => {
    const raw = new ScriptedConnection();
    const sent = recording(raw);
    const tx = new TransactionConnection(raw);
    await tx.write(held('INSERT INTO t VALUES (1)'));
    await tx.write(held('UPDATE t SET id = 2'));
    expect(sent, 'nothing before a statement needs them').to.deep.equal([]);
    await tx.query({ name: 'read', text: 'SELECT * FROM t', values: [] });
    await tx.write(held('INSERT INTO t VALUES (3)'));
    await tx.commit();
    expect(sent).to.deep.equal(['BEGIN', 'INSERT', 'UPDATE', 'SELECT', 'INSERT', 'COMMIT']);
  });

  it('sends a read declared beside the held writes at once, and keeps them for COMMIT', async () => {
    const raw = new ScriptedConnection();
    const sent = recording(raw);
    const tx = new TransactionConnection(raw);
    await tx.write(held('INSERT INTO t VALUES (1)'));
    await tx.query({ name: 'read', text: 'SELECT * FROM e', values: [], besideHeldWrites: true } as never);
    await tx.besideHeldWrites.queryBuilt({ text: 'INSERT INTO jobs VALUES (1)' });
    await tx.commit();
    expect(sent).to.deep.equal(['BEGIN', 'SELECT', 'INSERT', 'INSERT', 'COMMIT']);
  });

  it('drops the held writes when it rolls back', async () => {
    const raw = new ScriptedConnection();
    const sent = recording(raw);
    const tx = new TransactionConnection(raw);
    await tx.query('SELECT 1');
    await tx.write(held('INSERT INTO t VALUES (1)'));
    await tx.rollback();
    await tx.commit();
    expect(sent).to.deep.equal(['BEGIN', 'SELECT', 'ROLLBACK', 'COMMIT']);
  });
});

describe('TransactionConnection, when the connection fails', () => {
  it('has its pool discard a connection that cannot roll back, keeping the caller its own error', async () => {
    const raw = new ScriptedConnection();
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
      const raw = new ScriptedConnection();
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
});
