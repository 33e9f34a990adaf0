import { expect } from 'chai';
import type { Knex } from 'knex';
import { writesInTransaction } from '../testing/statements-sent.js';
import { testDatabase } from '../testing/test-database.js';
import { insertWrite, lockWrite, type SqlWrite, updateWrite } from './sql-write.js';

const TABLE = 'test_fuse_locks_rows';
const NOTES = 'test_fuse_locks_notes';
const TYPES = { id: 'text', sequence: 'integer', ref: 'text', status: 'text' };

let rowsMade = 0;
const fresh = () => {
  rowsMade += 1;
  return `row-${rowsMade}`;
};

/** Locks the row if it still holds `sequence` and `ref` (NULL matching NULL), else fails as stale. */
const lock = (id: string, sequence: number, ref: string | null): SqlWrite =>
  lockWrite(TABLE, { id, sequence, ref }, TYPES, ['ref'], { rows: 1, error: () => new Error(`stale ${id}`) });
/** Moves the row at `sequence` on to the next, else fails as missing. */
const update = (id: string, sequence: number, status = 'DONE'): SqlWrite =>
  updateWrite(TABLE, { status, sequence: sequence + 1 }, { id, sequence }, TYPES, {
    rows: 1,
    error: () => new Error(`missing ${id}`),
  });

describe('lockWrite and fuseLocks on PostgreSQL', () => {
  let knex: Knex;

  before(async () => {
    ({ knex } = await testDatabase());
    await knex.raw(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (id text PRIMARY KEY, sequence int NOT NULL, ref text, status text)`,
    );
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${NOTES} (id text PRIMARY KEY)`);
  });

  const run = (writes: readonly SqlWrite[]) => writesInTransaction(knex, writes);
  const stored = async (id: string) => {
    const row = await knex(TABLE).where({ id }).first();
    return [row.sequence, row.status];
  };
  const seeded = async (sequence: number, ref: string | null) => {
    const id = fresh();
    await knex(TABLE).insert({ id, sequence, ref, status: 'NEW' });
    return id;
  };

  it('locks a row only while it holds the values given, NULL matching NULL', async () => {
    const id = await seeded(3, null);
    expect(await run([lock(id, 3, null)])).to.deep.equal({ sent: 1, error: null });
    expect((await run([lock(id, 3, 'r')])).error).to.equal(`stale ${id}`);
    expect((await run([lock(id, 2, null)])).error).to.equal(`stale ${id}`);
  });

  it('sends a lock and the update of its row after it as one statement, which fails as the lock when the row changed', async () => {
    const id = await seeded(3, null);
    expect(await run([lock(id, 3, null), update(id, 3)])).to.deep.equal({ sent: 1, error: null });
    expect(await stored(id)).to.deep.equal([4, 'DONE']);
    const changed = await seeded(3, 'moved on');
    expect(await run([lock(changed, 3, null), update(changed, 3)])).to.deep.equal({
      sent: 1,
      error: `stale ${changed}`,
    });
    expect(await stored(changed)).to.deep.equal([3, 'NEW']);
  });

  it('keeps them apart when a write stands between them, or the update is of another row', async () => {
    const [id, other] = [await seeded(3, 'r'), await seeded(3, 'r')];
    const between = insertWrite(NOTES, [{ id: fresh() }]);
    expect(await run([lock(id, 3, 'r'), between, update(id, 3)])).to.deep.equal({ sent: 3, error: null });
    expect(await run([lock(other, 3, 'r'), update(id, 4)])).to.deep.equal({ sent: 2, error: null });
    expect([await stored(id), await stored(other)]).to.deep.equal([
      [5, 'DONE'],
      [3, 'NEW'],
    ]);
  });

  it('keeps them apart when they expect different values, each failing as itself', async () => {
    const id = await seeded(3, 'r');
    expect(await run([lock(id, 3, 'r'), update(id, 2)])).to.deep.equal({ sent: 2, error: `missing ${id}` });
    const after = await seeded(3, 'r');
    expect(await run([update(after, 3), lock(after, 4, 'r')])).to.deep.equal({ sent: 2, error: null });
    expect(await stored(after)).to.deep.equal([4, 'DONE']);
  });

  it('keeps apart an update that checks its own row count, or that declares no tables', async () => {
    const [checked, undeclared] = [await seeded(3, null), await seeded(3, null)];
    const counts: number[] = [];
    const counting = { ...update(checked, 3), check: (n: number) => counts.push(n) };
    expect(await run([lock(checked, 3, null), counting])).to.deep.equal({ sent: 2, error: null });
    expect(counts, 'its own count').to.deep.equal([1]);
    const { tables: _none, ...bare } = update(undeclared, 3);
    expect(await run([lock(undeclared, 3, null), bare as SqlWrite])).to.deep.equal({ sent: 2, error: null });
    expect([await stored(checked), await stored(undeclared)]).to.deep.equal([
      [4, 'DONE'],
      [4, 'DONE'],
    ]);
  });

  it("sends a commit group's fused locks and updates as one statement", async () => {
    const [first, second] = [await seeded(3, 'r1'), await seeded(5, null)];
    const writes = [lock(first, 3, 'r1'), update(first, 3), lock(second, 5, null), update(second, 5)];
    expect(await run(writes)).to.deep.equal({ sent: 1, error: null });
    expect([await stored(first), await stored(second)]).to.deep.equal([
      [4, 'DONE'],
      [6, 'DONE'],
    ]);
  });
});
