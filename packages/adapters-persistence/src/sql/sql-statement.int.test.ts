import { expect } from 'chai';
import type { Knex } from 'knex';
import { insertWrite, runWrites, type SqlWrite } from '../batched-transactions/sql-write.js';
import { testDatabase } from '../testing/test-database.js';
import { readPrepared } from './connection.js';
import { createKnex } from './knex-pool.js';
import { prepared, updateStatement } from './sql-statement.js';

const TABLE = 'test_sql_statement_rows';

/** A hand-written update of TABLE, declared as a repository declares one; `rows` receives its row count. */
const update = (statement: ReturnType<typeof updateStatement>, rows?: (n: number) => void): SqlWrite => ({
  ...statement,
  kind: 'update',
  tables: [TABLE],
  ...(rows ? { check: rows } : {}),
});

/** Ids no other test of this file writes: each test takes its own. */
let idsTaken = 0;
const ids = (count: number) =>
  Array.from({ length: count }, () => {
    idsTaken += 1;
    return idsTaken;
  });

describe('SQL statements of writes, on PostgreSQL', () => {
  let knex: Knex;

  before(async () => {
    ({ knex } = await testDatabase());
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${TABLE} (
      id int PRIMARY KEY, a int, b text, ref text, s text, n int, sequence int, at timestamptz, doc json, amount numeric)`);
  });

  const stored = (keys: readonly number[], columns: readonly string[]) =>
    knex(TABLE).whereIn('id', keys).orderBy('id').select(columns);

  it('stores a multi-row insert column by column, whatever order a row names them in, values never read as SQL', async () => {
    const [one, two] = ids(2);
    await runWrites(knex, [
      insertWrite(TABLE, [
        { id: one, a: 1, b: "O'Brien $1" },
        { b: 'y); DROP TABLE x; --', a: 2, id: two },
      ]),
    ]);
    expect(await stored([one!, two!], ['id', 'a', 'b'])).to.deep.equal([
      { id: one, a: 1, b: "O'Brien $1" },
      { id: two, a: 2, b: 'y); DROP TABLE x; --' },
    ]);
  });

  it('updates only the row its WHERE matches, with the values of its SET', async () => {
    const [target, other] = ids(2);
    await knex(TABLE).insert([
      { id: target, s: 'old', n: 5, sequence: 3 },
      { id: other, s: 'old', n: 5, sequence: 3 },
    ]);
    const counts: number[] = [];
    await runWrites(knex, [
      update(updateStatement(TABLE, { s: 'OK', n: null }, { id: target, sequence: 2 }), (n) =>
        counts.push(n),
      ),
      update(updateStatement(TABLE, { s: 'OK', n: null }, { id: target, sequence: 3 }), (n) =>
        counts.push(n),
      ),
    ]);
    expect(counts, 'a stale sequence matches nothing').to.deep.equal([0, 1]);
    expect(await stored([target!, other!], ['s', 'n', 'sequence'])).to.deep.equal([
      { s: 'OK', n: null, sequence: 3 },
      { s: 'old', n: 5, sequence: 3 },
    ]);
  });

  it('matches NULL with NULL in the WHERE columns given a type in nullSafe, and only there', async () => {
    const [nullRef, someRef] = ids(2);
    await knex(TABLE).insert([
      { id: nullRef, ref: null, s: 'old' },
      { id: someRef, ref: 'r', s: 'old' },
    ]);
    const counts: number[] = [];
    const count = (n: number) => counts.push(n);
    await runWrites(knex, [
      update(updateStatement(TABLE, { s: 'plain' }, { id: nullRef, ref: null }), count),
      update(updateStatement(TABLE, { s: 'null-safe' }, { id: nullRef, ref: null }, { ref: 'text' }), count),
      update(updateStatement(TABLE, { s: 'null-safe' }, { id: someRef, ref: 'r' }, { ref: 'text' }), count),
      update(updateStatement(TABLE, { s: 'wrong' }, { id: someRef, ref: null }, { ref: 'text' }), count),
    ]);
    expect(counts).to.deep.equal([0, 1, 1, 0]);
    expect(await stored([nullRef!, someRef!], ['s'])).to.deep.equal([{ s: 'null-safe' }, { s: 'null-safe' }]);
  });

  it('writes what each statement names, however many shapes one connection has sent before', async () => {
    const { url } = await testDatabase();
    const oneConnection = createKnex(url, 1);
    try {
      const [a, b, c, d] = ids(4);
      const rows = (keys: number[], column: string) => keys.map((id, n) => ({ id, [column]: n + 10 }));
      await runWrites(oneConnection, [
        insertWrite(TABLE, rows([a!], 'a')),
        insertWrite(TABLE, rows([b!, c!], 'a')),
        insertWrite(TABLE, rows([d!], 'n')),
      ]);
      await runWrites(oneConnection, [
        update(updateStatement(TABLE, { s: 'one' }, { id: a })),
        update(updateStatement(TABLE, { s: 'two', n: 2 }, { id: b })),
        update(updateStatement(TABLE, { s: 'three' }, { id: c, a: 10 })),
        update(updateStatement(TABLE, { s: 'four' }, { id: d, n: 10 })),
      ]);
      expect(await stored([a!, b!, c!, d!], ['a', 'n', 's'])).to.deep.equal([
        { a: 10, n: null, s: 'one' },
        { a: 10, n: 2, s: 'two' },
        { a: 11, n: null, s: null },
        { a: null, n: 10, s: 'four' },
      ]);
    } finally {
      await oneConnection.destroy();
    }
  });

  it('stores a date as its instant whatever the session’s time zone, and objects and arrays as JSON', async () => {
    const { url } = await testDatabase();
    const oneConnection = createKnex(url, 1);
    try {
      await oneConnection.raw("SET TIME ZONE 'America/Los_Angeles'");
      const [dated, listed] = ids(2);
      const at = new Date('2026-11-23T01:02:03.004Z');
      await runWrites(oneConnection, [
        insertWrite(TABLE, [{ id: dated, at, doc: { list: [1, 2] } }]),
        insertWrite(TABLE, [{ id: listed, doc: ['x', { y: null }] as unknown as Record<string, unknown> }]),
      ]);
      const [first, second] = await stored([dated!, listed!], ['at', 'doc']);
      expect((first.at as Date).toISOString()).to.equal(at.toISOString());
      expect([first.doc, second.doc]).to.deep.equal([{ list: [1, 2] }, ['x', { y: null }]]);
    } finally {
      await oneConnection.destroy();
    }
  });

  it('refuses the values PostgreSQL would store as something else: NaN, Infinity, an invalid date', async () => {
    const [id] = ids(1);
    for (const row of [
      { amount: Number.NaN },
      { amount: Number.POSITIVE_INFINITY },
      { at: new Date(Number.NaN) },
    ])
      expect(() => insertWrite(TABLE, [{ id, ...row }]), Object.keys(row)[0]).to.throw(/cannot store/);
    expect(await stored([id!], ['id'])).to.deep.equal([]);
  });

  it('prepares a text once per connection under one name, and never lets two texts share one', async () => {
    const { url } = await testDatabase();
    const connections = [createKnex(url, 1), createKnex(url, 1)];
    try {
      // Two texts alike for their first hundred characters: a name cut to PostgreSQL's 63 would be shared.
      const padding = `/* ${'x'.repeat(100)} */`;
      const first = `SELECT ${padding} $1::int + 1 AS n`;
      const second = `SELECT ${padding} $1::int + 2 AS n`;
      const run = (db: Knex, text: string, n: number) => {
        const { name } = prepared({ text, values: [] });
        return readPrepared<{ n: number }>(db, { name, text }, [n]);
      };
      const [here, there] = connections as [Knex, Knex];
      expect(await run(here, first, 1)).to.deep.equal([{ n: 2 }]);
      expect(await run(here, first, 5), 'again, with other values').to.deep.equal([{ n: 6 }]);
      expect(await run(here, second, 1)).to.deep.equal([{ n: 3 }]);
      expect(await run(there, first, 1)).to.deep.equal([{ n: 2 }]);
      const preparedOn = async (db: Knex) =>
        (await db.raw('SELECT name, statement FROM pg_prepared_statements ORDER BY statement')).rows as {
          name: string;
          statement: string;
        }[];
      const mine = await preparedOn(here);
      expect(mine.map((row) => row.statement)).to.deep.equal([first, second]);
      expect(
        (await preparedOn(there)).map((row) => row.name),
        'another process names it alike',
      ).to.deep.equal([mine[0]?.name]);
    } finally {
      await Promise.all(connections.map((db) => db.destroy()));
    }
  });
});
