import { buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { updateStatement } from '../sql/sql-statement.js';
import { knexContractSubject } from '../testing/knex-contract-subject.js';
import { statementsOf, writesInTransaction } from '../testing/statements-sent.js';
import { testDatabase } from '../testing/test-database.js';
import { insertWrite, type SqlWrite } from './sql-write.js';

const PARENTS = 'test_merge_inserts_parents';
const CHILDREN = 'test_merge_inserts_children';
const SEEN = 'test_merge_inserts_seen';
/** What a function a statement calls reads, though the statement's text does not name the table. */
const COUNT_CHILDREN = 'test_merge_inserts_count_children';

let idsTaken = 0;
const fresh = () => {
  idsTaken += 1;
  return idsTaken;
};

/** Child `n` of `parent`; its foreign key needs the parent at once. */
const child = (parent: number, n: number) => insertWrite(CHILDREN, [{ parent_id: parent, n }], [PARENTS]);
const parent = (id: number) => insertWrite(PARENTS, [{ id, label: `p${id}` }]);

/** A statement that records, in SEEN, how many children `parent` has when it runs; declared as `as`. */
const recordSeen = (parentId: number, as: Partial<SqlWrite>): SqlWrite =>
  ({
    ...updateStatement(SEEN, { n: 0 }, { parent_id: parentId }),
    text: `UPDATE ${SEEN} SET n = ${COUNT_CHILDREN}($1) WHERE parent_id = $1`,
    values: [parentId],
    ...as,
  }) as SqlWrite;

describe('mergeInserts on PostgreSQL: what travels as one insert, and what keeps its place', () => {
  let knex: Knex;

  before(async () => {
    ({ knex } = await testDatabase());
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${PARENTS} (id int PRIMARY KEY, label text NOT NULL UNIQUE)`);
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${CHILDREN} (
      parent_id int NOT NULL REFERENCES ${PARENTS} (id), n int NOT NULL, PRIMARY KEY (parent_id, n))`);
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${SEEN} (parent_id int PRIMARY KEY, n int)`);
    await knex.raw(`CREATE OR REPLACE FUNCTION ${COUNT_CHILDREN}(p int) RETURNS int LANGUAGE sql
      AS $$ SELECT count(*)::int FROM ${CHILDREN} WHERE parent_id = p $$`);
  });

  const childrenOf = async (id: number) =>
    (await knex(CHILDREN).where({ parent_id: id }).orderBy('n')).map((row) => row.n);
  const run = (writes: readonly SqlWrite[]) => writesInTransaction(knex, writes);

  it('sends the children of several parents as one insert behind the parents’ one, each where it belongs', async () => {
    const [a, b] = [fresh(), fresh()];
    const sent = await run([parent(a), child(a, 1), child(a, 2), parent(b), child(b, 1)]);
    expect(sent, 'one insert per table, not one per write').to.deep.equal({ sent: 2, error: null });
    expect([await childrenOf(a), await childrenOf(b)]).to.deep.equal([[1, 2], [1]]);
  });

  it('never sends a child ahead of the insert of the parent it needs', async () => {
    const [stored, added] = [fresh(), fresh()];
    await knex(PARENTS).insert({ id: stored, label: `p${stored}` });
    // The first child's parent is stored; the second's is inserted between them.
    expect(await run([child(stored, 1), parent(added), child(added, 1)])).to.deep.equal({
      sent: 3,
      error: null,
    });
    expect([await childrenOf(stored), await childrenOf(added)]).to.deep.equal([[1], [1]]);
  });

  it('moves an insert ahead of an update of other tables, and keeps it behind one that may read its rows', async () => {
    // The update counts the children through a function: its text never names their table.
    const cases: ReadonlyArray<readonly [string, Partial<SqlWrite>, number]> = [
      ['an update declaring only its own table', { kind: 'update', tables: [SEEN] }, 2],
      ['an update declaring the table it reads', { kind: 'update', tables: [SEEN, CHILDREN] }, 1],
      ['a lock declaring that table', { kind: 'lock', tables: [SEEN, CHILDREN] }, 1],
      ['an insert of no declared shape', { kind: 'insert', tables: [SEEN] }, 1],
      ['a write of kind other', { kind: 'other', tables: [SEEN] }, 1],
      ['a write declaring no tables', { kind: 'update' }, 1],
      ['a write declaring nothing', {}, 1],
    ];
    for (const [between, declared, seen] of cases) {
      const id = fresh();
      await knex(PARENTS).insert({ id, label: `p${id}` });
      await knex(SEEN).insert({ parent_id: id, n: null });
      const write = recordSeen(id, declared);
      if (!('kind' in declared)) delete (write as { kind?: unknown }).kind;
      if (!('tables' in declared)) delete (write as { tables?: unknown }).tables;
      expect((await run([child(id, 1), write, child(id, 2)])).error).to.equal(null);
      const [row] = await knex(SEEN).where({ parent_id: id });
      expect(row.n, `children seen by ${between}`).to.equal(seen);
      expect(await childrenOf(id)).to.deep.equal([1, 2]);
    }
  });

  it('sends an insert that checks its own row count apart, so that the count is its own', async () => {
    const id = fresh();
    await knex(PARENTS).insert({ id, label: `p${id}` });
    const checked: SqlWrite = { ...child(id, 2), expect: { rows: 1, error: () => new Error('not one row') } };
    expect(await run([child(id, 1), checked])).to.deep.equal({ sent: 2, error: null });
    expect(await childrenOf(id)).to.deep.equal([1, 2]);
  });

  it('fails a merged insert whole, with the error of the member that recognises it', async () => {
    const taken = fresh();
    await knex(PARENTS).insert({ id: taken, label: `p${taken}` });
    const own = (name: string, constraint: string) => (error: unknown) =>
      (error as { constraint?: string }).constraint === constraint
        ? new Error(`${name} translated`)
        : undefined;
    const attempt = async (first: number, second: number, label: string) => {
      const [one, two] = [fresh(), fresh()];
      const writes = [
        {
          ...insertWrite(PARENTS, [{ id: first || one, label: `p${one}` }]),
          translate: own('first', `${PARENTS}_pkey`),
        },
        {
          ...insertWrite(PARENTS, [{ id: second || two, label }]),
          translate: own('second', `${PARENTS}_label_key`),
        },
      ];
      const { error } = await run(writes);
      const left = await knex(PARENTS).whereIn('id', [one, two]);
      return { error, left: left.length };
    };
    expect(await attempt(0, 0, `p${taken}`), 'the second’s label is taken').to.deep.equal({
      error: 'second translated',
      left: 0,
    });
    expect(await attempt(taken, 0, `fresh-${fresh()}`), 'the first’s id is taken').to.deep.equal({
      error: 'first translated',
      left: 0,
    });
  });
});

describe('mergeInserts on PostgreSQL, through the unit of work', () => {
  it('stores a transaction’s withdrawals and their history sent as one insert per table, parents first', async () => {
    const { unitOfWork } = await knexContractSubject();
    const parties = await seedParties(unitOfWork);
    const withdrawals = [
      buildWithdrawal(parties),
      buildWithdrawal(parties, '20.00'),
      buildWithdrawal(parties),
    ];
    const sent = await statementsOf(() =>
      unitOfWork.run(async (tx) => {
        for (const withdrawal of withdrawals) await tx.withdrawals.insert(withdrawal);
      }),
    );
    // BEGIN, one insert per table, COMMIT: not one insert per row.
    expect(sent, 'statements sent').to.have.length(4);
    for (const withdrawal of withdrawals) {
      const stored = await unitOfWork.read.withdrawals.findById(withdrawal.id);
      expect(stored?.total.toString()).to.equal(withdrawal.total.toString());
      expect(stored?.history.map((change) => change.status)).to.deep.equal(['PENDING']);
    }
  });

  it('rolls back every member when one member’s row collides, and reports the collision', async () => {
    const { unitOfWork } = await knexContractSubject();
    const parties = await seedParties(unitOfWork);
    const stored = buildWithdrawal(parties);
    await unitOfWork.run((tx) => tx.withdrawals.insert(stored));
    const fresh = buildWithdrawal(parties);
    const failure = await unitOfWork
      .run(async (tx) => {
        await tx.withdrawals.insert(fresh);
        await tx.withdrawals.insert(stored);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String(failure)).to.match(/withdrawals_pkey/);
    expect(await unitOfWork.read.withdrawals.findById(fresh.id)).to.equal(null);
  });
});
