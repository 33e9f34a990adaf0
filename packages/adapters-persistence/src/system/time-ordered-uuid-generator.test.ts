import { expect } from 'chai';
import { TimeOrderedUuidGenerator } from './time-ordered-uuid-generator.js';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('TimeOrderedUuidGenerator', () => {
  it('makes RFC 9562 version 7 ids whose first 48 bits are the Unix milliseconds', () => {
    const ids = new TimeOrderedUuidGenerator(() => Date.UTC(2026, 10, 23, 4, 35, 0, 123));
    const id = ids.next();
    expect(id).to.match(V7);
    expect(Number.parseInt(id.replace('-', '').slice(0, 12), 16)).to.equal(
      Date.UTC(2026, 10, 23, 4, 35, 0, 123),
    );
  });

  it('sorts ids of a later millisecond after earlier ones and never repeats one', () => {
    let ms = 1_700_000_000_000;
    const ids = new TimeOrderedUuidGenerator(() => ms);
    const made: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      if (i % 100 === 0) ms += 1;
      made.push(ids.next());
    }
    expect(new Set(made).size).to.equal(made.length);
    const firstOfEachMs = made.filter((_, i) => i % 100 === 0);
    expect([...firstOfEachMs].sort()).to.deep.equal(firstOfEachMs);
    expect(made.every((id) => V7.test(id))).to.equal(true);
  });
});
