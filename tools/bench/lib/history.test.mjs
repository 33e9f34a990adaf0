import { expect } from 'chai';
import { SPACING_MS, seedIds } from './history.mjs';

const timeOf = (uuid) => Number.parseInt(uuid.replaceAll('-', '').slice(0, 12), 16);

describe('bench growth history', () => {
  it('gives each copy UUIDv7 ids made at its time, oldest first, the last at the end', () => {
    const endMs = Date.UTC(2026, 0, 1);
    const rows = seedIds({ count: 4, endMs, eventOffsetsMs: [0, 40, 5_000], random: () => 0 });
    expect(rows.map((r) => r.atMs)).to.deep.equal([3, 2, 1, 0].map((i) => endMs - i * SPACING_MS));
    for (const r of rows) {
      expect(r.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(timeOf(r.id)).to.equal(r.atMs);
      expect(r.entryId).to.not.equal(r.id);
      expect(r.eventIds.map(timeOf)).to.deep.equal([r.atMs, r.atMs + 40, r.atMs + 5_000]);
    }
    const ids = rows.map((r) => r.id);
    expect([...ids].sort(), 'sorted as text, as in a B-tree, they are in time order').to.deep.equal(ids);
  });

  it('spreads the copies inside their slots without breaking the order', () => {
    const rows = seedIds({ count: 50, endMs: 10_000_000, eventOffsetsMs: [0], random: Math.random });
    const times = rows.map((r) => r.atMs);
    expect([...times].sort((a, b) => a - b)).to.deep.equal(times);
    expect(times.at(-1)).to.be.within(10_000_000 - SPACING_MS, 10_000_000);
  });
});
