import { expect } from 'chai';
import { leaveLatencies, paced } from './light-load.mjs';

describe('bench light load', () => {
  it('starts each request at its slot, waiting only for the time left', async () => {
    let clock = 1_000;
    const starts = [];
    const waits = [];
    await paced({
      count: 4,
      perSecond: 5,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
      send: async () => {
        starts.push(clock);
        clock += 30; // each request takes 30 ms
      },
    });
    expect(starts).to.deep.equal([1_000, 1_200, 1_400, 1_600]);
    expect(waits).to.deep.equal([170, 170, 170]);
  });

  it('does not wait when a request overran its slot', async () => {
    let clock = 0;
    const starts = [];
    await paced({
      count: 3,
      perSecond: 10,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      send: async () => {
        starts.push(clock);
        clock += 250;
      },
    });
    expect(starts).to.deep.equal([0, 250, 500]);
  });

  it('measures from the status change to the first arrival', () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    const rows = [
      { id: 'a', created_at: at },
      { id: 'b', created_at: new Date(at.getTime() + 1_000) },
    ];
    const arrivals = new Map([
      ['a', at.getTime() + 40],
      ['b', at.getTime() + 1_210],
    ]);
    expect(leaveLatencies(rows, arrivals)).to.deep.equal([40, 210]);
  });

  it('refuses a measurement with an event that never arrived', () => {
    const rows = [{ id: 'lost', created_at: new Date() }];
    expect(() => leaveLatencies(rows, new Map())).to.throw(/lost/);
  });
});
