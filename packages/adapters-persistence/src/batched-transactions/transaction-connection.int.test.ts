import { expect } from 'chai';
import type { Knex } from 'knex';
import sinon from 'sinon';
import type { PgConnection } from '../sql/connection.js';
import { statementsOf } from '../testing/statements-sent.js';
import { testDatabase } from '../testing/test-database.js';
import { knexOn, TransactionConnection } from './transaction-connection.js';

const TABLE = 'test_transaction_connection_rows';

let rowsMade = 0;
const fresh = () => {
  rowsMade += 1;
  return rowsMade;
};

const insert = (id: number) => ({
  name: 'test_transaction_connection_insert',
  text: `INSERT INTO ${TABLE} (id) VALUES ($1)`,
  values: [id],
});

describe('TransactionConnection on PostgreSQL', () => {
  let knex: Knex;

  before(async () => {
    ({ knex } = await testDatabase());
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${TABLE} (id int PRIMARY KEY)`);
  });

  afterEach(() => sinon.restore());

  /** A transaction on a connection of its own, released after `work`. */
  async function onConnection<T>(
    work: (tx: TransactionConnection, raw: PgConnection) => Promise<T>,
  ): Promise<T> {
    const source = knex.client as {
      acquireConnection(): Promise<PgConnection>;
      releaseConnection(connection: PgConnection): Promise<unknown>;
    };
    const raw = await source.acquireConnection();
    try {
      return await work(new TransactionConnection(raw), raw);
    } finally {
      await source.releaseConnection(raw);
    }
  }
  const stored = async (ids: readonly number[]) =>
    (await knex(TABLE).whereIn('id', ids).orderBy('id')).map((row) => row.id);

  it('opens the transaction with its first statement, and keeps the statement prepared', async () => {
    const [a, b] = [fresh(), fresh()];
    const preparedOnIt = await onConnection(async (tx, raw) => {
      const sent = await statementsOf(async () => {
        await tx.query(insert(a));
        await tx.query(insert(b));
      });
      expect(sent, 'BEGIN, then the two inserts').to.have.length(3);
      await tx.rollback();
      const { rows } = (await raw.query(
        "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'test_transaction_connection_insert'",
      )) as { rows: Array<{ n: number }> };
      return rows[0]?.n;
    });
    expect(await stored([a, b]), 'both rolled back with the transaction').to.deep.equal([]);
    expect(preparedOnIt).to.equal(1);
  });

  it('settles each statement of a pipeline, and a failed one rolls the whole transaction back at COMMIT', async () => {
    const [a, b] = [fresh(), fresh()];
    const settled = await onConnection((tx) =>
      tx.pipeline([insert(a), insert(a), insert(b)], true).then((outcomes) => outcomes.map((o) => o.status)),
    );
    expect(settled).to.deep.equal(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(await stored([a, b])).to.deep.equal([]);
  });

  it('begins once: the statements of later pipelines are in the same transaction', async () => {
    const [a, b] = [fresh(), fresh()];
    await onConnection(async (tx) => {
      await tx.pipeline([insert(a)]);
      await tx.pipeline([insert(b)]);
      await tx.rollback();
    });
    expect(await stored([a, b])).to.deep.equal([]);
    await onConnection(async (tx) => {
      await tx.pipeline([insert(a)]);
      await tx.pipeline([insert(b)], true);
    });
    expect(await stored([a, b])).to.deep.equal([a, b]);
  });

  it('sends nothing at all for a transaction that never started', async () => {
    const sent = await onConnection((tx) =>
      statementsOf(async () => {
        await tx.commit();
        await tx.rollback();
      }),
    );
    expect(sent).to.deep.equal([]);
  });

  it('runs what Knex builds, raw or not, inside the transaction on its connection, never from the pool', async () => {
    const [a, b] = [fresh(), fresh()];
    const acquire = sinon.spy(knex.client, 'acquireConnection');
    const { seen, borrowed } = await onConnection(async (tx) => {
      const db = knexOn(knex, tx);
      await db.raw(`INSERT INTO ${TABLE} (id) VALUES (?)`, [a]);
      await db(TABLE).insert({ id: b });
      const within = (await db(TABLE).whereIn('id', [a, b]).orderBy('id')).map((row) => row.id);
      await tx.rollback();
      return { seen: within, borrowed: acquire.callCount };
    });
    expect(seen, 'each sees the other’s uncommitted row').to.deep.equal([a, b]);
    expect(await stored([a, b]), 'rolled back with the transaction').to.deep.equal([]);
    expect(borrowed, 'only the transaction’s own connection').to.equal(1);
  });
});
