import { expect } from 'chai';
import { changingColumns } from './sql-write.js';

interface Counter {
  readonly id: string;
  readonly count: number;
  readonly note: string | null;
}

const COUNTERS = changingColumns('counters', 'uuid', {
  count: ['integer', (counter: Counter) => counter.count],
  note: ['text', (counter: Counter) => counter.note],
});
const stale = () => new Error('stale');

describe('changingColumns', () => {
  const counter: Counter = { id: 'c1', count: 3, note: null };

  it("makes the update write every declared column, on the row's id and the conditions given", () => {
    const update = COUNTERS.update(counter, { rows: 1, error: stale }, { count: 2 }).update;
    expect(update?.set).to.deep.equal(['count', 'note']);
    expect(update?.where).to.deep.equal(['id', 'count']);
    expect(update?.key).to.equal('c1');
  });

  it("makes a known row's lock compare every column the update writes, as known", () => {
    const lock = COUNTERS.lockUnchanged(counter, stale, true);
    expect(lock.lock?.where).to.deep.equal(['id', 'count', 'note']);
    expect(lock.lock?.values).to.deep.equal(['c1', 3, null]);
    expect(lock.lock?.nullSafe).to.deep.equal(['count', 'note']);
    expect(lock.expect?.error().message).to.equal('stale');
  });
});
