import { expect } from 'chai';
import { fuseLocks, lockWrite } from './fuse-locks.js';
import { mergeUpdates } from './merge-updates.js';
import { insertWrite, type SqlWrite } from './sql-write.js';
import { updateWrite } from './update-write.js';

const TYPES = { id: 'uuid', sequence: 'integer', ref: 'text', status: 'text' };
const stale = (id: string) => () => new Error(`stale ${id}`);
const missing = (id: string) => () => new Error(`missing ${id}`);
const lock = (id: string, sequence: number, ref: string | null): SqlWrite =>
  lockWrite('withdrawals', { id, sequence, ref }, TYPES, ['ref'], { rows: 1, error: stale(id) });
const update = (id: string, sequence: number, status = 'DONE'): SqlWrite =>
  updateWrite('withdrawals', { status, sequence: sequence + 1 }, { id, sequence }, TYPES, {
    rows: 1,
    error: missing(id),
  });

describe('lockWrite and fuseLocks', () => {
  it('locks a row only if it holds the values given, NULL matching NULL where asked', () => {
    const write = lock('w1', 3, null);
    expect(write.text).to.equal(
      'SELECT 1 FROM "withdrawals" WHERE "id" = $1::uuid AND "sequence" = $2::integer AND "ref" IS NOT DISTINCT FROM $3::text FOR UPDATE',
    );
    expect(write.values).to.deep.equal(['w1', 3, null]);
  });

  it('sends a lock and the update of its row after it as one update checking both, failing as the lock', () => {
    const translate = () => new Error('translated');
    const [one, ...rest] = fuseLocks([lock('w1', 3, null), { ...update('w1', 3), translate }]);
    expect(rest).to.deep.equal([]);
    expect(one?.text).to.equal(
      'UPDATE "withdrawals" SET "status" = $1, "sequence" = $2 WHERE "id" = $3 AND "sequence" = $4 AND "ref" IS NOT DISTINCT FROM $5::text',
    );
    expect(one?.values).to.deep.equal(['DONE', 4, 'w1', 3, null]);
    expect(one?.expect?.rows).to.equal(1);
    expect(one?.expect?.error().message, "the lock's error: the row changed").to.equal('stale w1');
    expect(one?.translate).to.equal(translate);
    expect(one?.lock).to.equal(undefined);
    expect([one?.kind, one?.tables]).to.deep.equal(['update', ['withdrawals']]);
  });

  it('keeps every table either declares, and leaves a write that declares none apart', () => {
    const [one] = fuseLocks([
      lock('w1', 3, null),
      { ...update('w1', 3), tables: ['withdrawals', 'wallets'] },
    ]);
    expect(one?.tables).to.deep.equal(['withdrawals', 'wallets']);
    const { tables: _none, ...undeclared } = update('w1', 3);
    const writes = [lock('w1', 3, null), undeclared as SqlWrite];
    expect(fuseLocks(writes)).to.deep.equal(writes);
  });

  it('leaves them apart when anything stands between them, the row differs or they expect different values', () => {
    const between = insertWrite('withdrawal_history', [{ id: 'w1' }]);
    const cases: SqlWrite[][] = [
      [lock('w1', 3, 'r'), between, update('w1', 3)],
      [lock('w1', 3, 'r'), update('w2', 3)],
      [lock('w1', 3, 'r'), update('w1', 2)],
      [lock('w1', 3, 'r'), { ...update('w1', 3), check: () => undefined }],
      [update('w1', 3), lock('w1', 4, 'r')],
    ];
    for (const writes of cases) expect(fuseLocks(writes)).to.deep.equal(writes);
  });

  it("lets a commit group's updates, once fused, travel as one", () => {
    const writes = [lock('w1', 3, 'r1'), update('w1', 3), lock('w2', 5, null), update('w2', 5)];
    const [merged, ...rest] = mergeUpdates(fuseLocks(writes));
    expect(rest).to.deep.equal([]);
    expect(merged?.text).to.include('t."ref" IS NOT DISTINCT FROM v.w2');
    expect(merged?.values).to.deep.equal([['DONE', 'DONE'], [4, 6], ['w1', 'w2'], [3, 5], ['r1', null], 2]);
    expect(merged?.expect?.rows).to.equal(2);
  });
});
