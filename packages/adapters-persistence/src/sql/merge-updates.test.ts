import { expect } from 'chai';
import { mergeUpdates } from './merge-updates.js';
import { insertWrite, type SqlWrite, updateWrite } from './sql-write.js';

const TYPES = { id: 'uuid', attempts: 'integer', delivered_at: 'timestamptz' };
const stale = (id: string) => () => new Error(`stale ${id}`);
const outcome = (id: string, attempts: number): SqlWrite =>
  updateWrite('webhook_events', { attempts }, { id, attempts: attempts - 1 }, TYPES, {
    rows: 1,
    error: stale(id),
  });
const delivered = (id: string): SqlWrite =>
  updateWrite('webhook_events', { delivered_at: new Date(0) }, { id }, TYPES, { rows: 1, error: stale(id) });

describe('mergeUpdates', () => {
  it('sends adjacent single-row updates of one shape as one UPDATE … FROM unnest(…), a typed array per column', () => {
    const [merged, ...rest] = mergeUpdates([outcome('e1', 1), outcome('e2', 3)]);
    expect(rest).to.deep.equal([]);
    expect(merged?.text).to.equal(
      'UPDATE "webhook_events" AS t SET "attempts" = v.s0 FROM (SELECT * FROM unnest($1::integer[], $2::uuid[], ' +
        '$3::integer[]) LIMIT $4::bigint) AS v(s0, w0, w1) WHERE t."id" = v.w0 AND t."attempts" = v.w1',
    );
    expect(merged?.values, 'a column per array, then the number of members').to.deep.equal([
      [1, 3],
      ['e1', 'e2'],
      [0, 2],
      2,
    ]);
    expect(merged?.expect?.rows, 'each member must find its row').to.equal(2);
    expect(merged?.expect?.error().message).to.equal('stale e1');
    const [three] = mergeUpdates([outcome('e1', 1), outcome('e2', 3), outcome('e3', 5)]);
    expect(three?.text, 'one text whatever the number of members').to.equal(merged?.text);
  });

  it('merges only neighbours of the same shape, never two updates of one row', () => {
    const attempt = insertWrite('webhook_attempts', [{ id: 'a1' }]);
    const writes = [
      outcome('e1', 1),
      attempt,
      outcome('e2', 1),
      delivered('e3'),
      outcome('e4', 1),
      outcome('e4', 2),
    ];
    expect(mergeUpdates(writes)).to.deep.equal(writes);
  });

  it('leaves alone updates without a single-row expectation or with a check of their own', () => {
    const unchecked: SqlWrite = { ...outcome('e1', 1), expect: undefined };
    const checked: SqlWrite = { ...outcome('e2', 1), check: () => undefined };
    const many: SqlWrite = { ...outcome('e3', 1), expect: { rows: 2, error: stale('e3') } };
    for (const odd of [unchecked, checked, many]) {
      const writes = [outcome('e0', 1), odd];
      expect(mergeUpdates(writes)).to.deep.equal(writes);
    }
  });

  it('refuses an update whose column types are not all given', () => {
    expect(() =>
      updateWrite('t', { a: 1 }, { id: 'x' }, { id: 'uuid' }, { rows: 1, error: stale('x') }),
    ).to.throw('no type given for t.a');
  });
});
