import { expect } from 'chai';
import { FixedRows, KnownRows } from './known-rows.js';

describe('KnownRows', () => {
  it('hands a row out once, by its id in any case, and the latest remembered of it', () => {
    const rows = new KnownRows<{ id: string; v: number }>();
    rows.remember({ id: 'AB', v: 1 });
    rows.remember({ id: 'ab', v: 2 });
    expect(rows.take('aB')).to.deep.equal({ id: 'ab', v: 2 });
    expect(rows.take('ab'), 'taken: a rerun reads the row').to.equal(undefined);
  });

  it('holds at most its capacity, dropping the row remembered longest ago', () => {
    const rows = new KnownRows<{ id: string }>(2);
    for (const id of ['a', 'b', 'a', 'c']) rows.remember({ id });
    expect(['a', 'b', 'c'].map((id) => rows.take(id)?.id)).to.deep.equal(['a', undefined, 'c']);
  });
});

describe('FixedRows', () => {
  it('reads a row that never changes as often as asked, by its id in any case, and nothing for one never read', () => {
    const rows = new FixedRows<{ id: string }>();
    const known = rows.remember({ id: '0193a000-0000-7000-8000-00000000000a' });
    expect(rows.get('0193A000-0000-7000-8000-00000000000A')).to.equal(known);
    expect(rows.get('0193a000-0000-7000-8000-00000000000a'), 'still there').to.equal(known);
    expect(rows.get('0193a000-0000-7000-8000-00000000000b')).to.equal(undefined);
  });

  it('holds at most its capacity, dropping the row remembered longest ago', () => {
    const rows = new FixedRows<{ id: string }>(2);
    for (const id of ['a', 'b', 'a', 'c']) rows.remember({ id });
    expect(['a', 'b', 'c'].map((id) => rows.get(id)?.id)).to.deep.equal(['a', undefined, 'c']);
  });
});
