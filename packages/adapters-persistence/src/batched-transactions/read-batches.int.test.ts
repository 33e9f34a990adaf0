import { expect } from 'chai';
import sinon from 'sinon';
import { createKnex } from '../sql/knex-pool.js';
import { testDatabase } from '../testing/test-database.js';
import { keysToSend, MIN_KEYS_SENT, ReadBatches, type ReadBatchOptions } from './read-batches.js';

const TABLE = 'test_read_batch_rows';
const BY_IDS = { name: 'test_read_batch_by_ids', text: `SELECT * FROM ${TABLE} WHERE id = ANY($1::int[])` };

interface Row {
  readonly id: number;
  readonly label: string;
}

describe('ReadBatches on PostgreSQL', () => {
  before(async () => {
    const { knex } = await testDatabase();
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${TABLE} (id int PRIMARY KEY, label text NOT NULL)`);
    await knex.raw(
      `INSERT INTO ${TABLE} SELECT n, 'row ' || n FROM generate_series(1, 9) n ON CONFLICT DO NOTHING`,
    );
  });

  afterEach(() => sinon.restore());

  /** The batches decide at the end of a turn of the event loop, and borrow a connection as they send. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  /** Batches over the test pool, and a count of the connections they borrow (one per statement). */
  const counted = async (options: ReadBatchOptions) => {
    const { knex } = await testDatabase();
    const acquire = sinon.spy(knex.client, 'acquireConnection');
    return { acquire, batches: new ReadBatches<Row>(knex, BY_IDS, (row) => String(row.id), options) };
  };

  it('sends the reads asked for in one turn as one statement, and those asked meanwhile as the next', async () => {
    const { knex } = await testDatabase();
    // The table locked by another transaction holds the first statement in flight until the lock goes.
    const locker = await knex.transaction();
    await locker.raw(`LOCK TABLE ${TABLE} IN ACCESS EXCLUSIVE MODE`);
    try {
      const { acquire, batches } = await counted({ maxBatch: 64, concurrency: 1 });
      const first = Promise.all(['1', '2', '3', '2'].map((key) => batches.load(key)));
      await settle();
      expect(acquire.callCount, 'the first statement is sent once its turn ends').to.equal(1);
      const second = Promise.all(['42', '9'].map((key) => batches.load(key)));
      await settle();
      expect(acquire.callCount, 'these two wait for the statement in flight').to.equal(1);
      await locker.rollback();
      expect((await first).map((row) => row?.label)).to.deep.equal(['row 1', 'row 2', 'row 3', 'row 2']);
      expect((await second).map((row) => row?.label)).to.deep.equal([undefined, 'row 9']);
      expect(
        acquire.callCount,
        "one statement for the turn's four reads, one for the two behind it",
      ).to.equal(2);
    } finally {
      if (!locker.isCompleted()) await locker.rollback();
    }
  });

  it('splits a queue longer than maxBatch and keeps up to `concurrency` statements in flight', async () => {
    const { acquire, batches } = await counted({ maxBatch: 2, concurrency: 2 });
    const keys = ['1', '2', '3', '4', '5', '6', '7', '8'];
    const rows = Promise.all(keys.map((key) => batches.load(key)));
    await settle();
    expect(acquire.callCount, 'two statements of two keys in flight').to.equal(2);
    expect((await rows).map((row) => row?.id)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(acquire.callCount, 'then the four waiting, two by two').to.equal(4);
  });

  it('sends a statement beside one in flight only once MIN_KEYS_SENT reads wait for it', async () => {
    const { knex } = await testDatabase();
    // The table locked by another transaction holds every statement in flight until the lock goes.
    const locker = await knex.transaction();
    await locker.raw(`LOCK TABLE ${TABLE} IN ACCESS EXCLUSIVE MODE`);
    try {
      const { acquire, batches } = await counted({ maxBatch: 64, concurrency: 2 });
      const first = batches.load('1');
      await settle();
      expect(acquire.callCount, 'the first read goes alone').to.equal(1);
      const few = ['2', '3'].map((key) => batches.load(key));
      await settle();
      expect(acquire.callCount, 'two reads wait for the statement in flight, a slot free or not').to.equal(1);
      const more = Array.from({ length: MIN_KEYS_SENT - 2 }, (_, n) => batches.load(String(n + 4)));
      await settle();
      expect(acquire.callCount, 'with MIN_KEYS_SENT waiting, the second slot takes them').to.equal(2);
      await locker.rollback();
      expect((await first)?.label).to.equal('row 1');
      expect((await Promise.all(few)).map((row) => row?.id)).to.deep.equal([2, 3]);
      expect((await Promise.all(more)).map((row) => row?.id ?? null)).to.deep.equal([
        4,
        5,
        6,
        7,
        8,
        9,
        ...Array.from({ length: MIN_KEYS_SENT - 8 }, () => null),
      ]);
      expect(acquire.callCount, 'nothing was left behind for a third statement').to.equal(2);
    } finally {
      if (!locker.isCompleted()) await locker.rollback();
    }
  });

  it('lets a connection keep one generic plan for a batched read from its sixth call, however few the keys', async () => {
    const { url, knex } = await testDatabase();
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${TABLE}_wide (id int PRIMARY KEY, label text NOT NULL)`);
    await knex.raw(
      `INSERT INTO ${TABLE}_wide SELECT n, 'row ' || n FROM generate_series(1, 20000) n ON CONFLICT DO NOTHING`,
    );
    await knex.raw(`ANALYZE ${TABLE}_wide`);
    const oneConnection = createKnex(url, 1);
    try {
      const read = {
        name: 'test_read_batch_wide',
        text: `SELECT * FROM ${TABLE}_wide WHERE id = ANY($1::int[])`,
      };
      const batches = new ReadBatches<Row>(oneConnection, read, (row) => String(row.id));
      for (const key of ['1', '20', '300', '4000', '5000', '6000', '7'])
        expect((await batches.load(key))?.id).to.equal(Number(key));
      const { rows } = await oneConnection.raw(
        `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'test_read_batch_wide'`,
      );
      expect([Number(rows[0].custom_plans), Number(rows[0].generic_plans)]).to.deep.equal([5, 2]);
    } finally {
      await oneConnection.destroy();
    }
  });

  it('rejects every read of a failed statement, and the next reads go on', async () => {
    const { knex } = await testDatabase();
    const batches = new ReadBatches<Row>(knex, BY_IDS, (row) => String(row.id), {
      maxBatch: 64,
      concurrency: 1,
    });
    const settled = await Promise.allSettled(['1', 'not a number', '3'].map((key) => batches.load(key)));
    expect(
      settled.map((s) => s.status),
      'all three were in the one statement',
    ).to.deep.equal(['rejected', 'rejected', 'rejected']);
    expect(String((settled[1] as PromiseRejectedResult).reason)).to.match(
      /invalid input syntax for type integer/,
    );
    expect((await batches.load('4'))?.label).to.equal('row 4');
  });

  it('inside a transaction reads on the transaction, seeing its own uncommitted rows', async () => {
    const { knex } = await testDatabase();
    const trx = await knex.transaction();
    try {
      await trx.raw(`INSERT INTO ${TABLE} VALUES (100, 'uncommitted')`);
      const batches = new ReadBatches<Row>(trx, BY_IDS, (row) => String(row.id));
      expect((await batches.load('100'))?.label).to.equal('uncommitted');
    } finally {
      await trx.rollback();
    }
    expect(await knex(TABLE).where({ id: 100 })).to.deep.equal([]);
  });

  it('fills the keys it sends up to MIN_KEYS_SENT with the first, and sends more as they are', () => {
    expect(keysToSend(['a', 'b'])).to.deep.equal(['a', 'b', ...Array(MIN_KEYS_SENT - 2).fill('a')]);
    const many = Array.from({ length: MIN_KEYS_SENT + 3 }, (_, n) => `k${n}`);
    expect(keysToSend(many)).to.deep.equal(many);
  });
});
