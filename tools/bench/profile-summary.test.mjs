import { expect } from 'chai';
import { busyTimeline, inclusiveTimes, ownerOf, summarizeProfile } from './profile-summary.mjs';

const frame = (functionName, url) => ({ functionName, url, lineNumber: 0 });
const KNEX = frame('toSQL', 'file:///r/node_modules/knex/q.js');
const PG = frame('parse', 'file:///r/node_modules/pg/p.js');

describe('CPU profile summary', () => {
  it('attributes a frame to its package, workspace package, Node or V8', () => {
    expect(ownerOf('file:///repo/node_modules/@scope/lib/index.js', 'f')).to.equal('@scope/lib');
    expect(ownerOf('file:///repo/node_modules/knex/lib/runner.js', 'f')).to.equal('knex');
    expect(ownerOf('file:///repo/packages/domain/dist/money.js', 'f')).to.equal('@payout/domain');
    expect(ownerOf('node:internal/crypto/keys', 'f')).to.equal('node');
    expect(ownerOf('', '(garbage collector)')).to.equal('(garbage collector)');
    expect(ownerOf('', 'writev')).to.equal('(native)');
  });

  it('sums self time from the sample deltas and leaves idle out of the shares', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', '') },
        { id: 2, callFrame: frame('(idle)', '') },
        { id: 3, callFrame: KNEX },
        { id: 4, callFrame: PG },
      ],
      samples: [2, 3, 3, 4, 2],
      timeDeltas: [5000, 1000, 2000, 1000, 5000],
    };
    const summary = summarizeProfile(profile);
    expect(summary.idleMs).to.equal(10);
    expect(summary.busyMs).to.equal(4);
    expect(summary.owners[0]).to.deep.equal({ name: 'knex', ms: 3, share: 0.75 });
    expect(summary.owners[1]).to.deep.equal({ name: 'pg', ms: 1, share: 0.25 });
  });

  it('sums only a window of the samples, and tells busy time per second', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(idle)', '') },
        { id: 2, callFrame: KNEX },
        { id: 3, callFrame: PG },
      ],
      // Samples end at 0.4 s (knex), 1.2 s (idle), 1.5 s (pg), 2.1 s (knex).
      samples: [2, 1, 3, 2],
      timeDeltas: [400_000, 800_000, 300_000, 600_000],
    };
    const window = summarizeProfile(profile, { fromMs: 1_000, toMs: 2_000 });
    expect(window.idleMs).to.equal(800);
    expect(window.owners).to.deep.equal([{ name: 'pg', ms: 300, share: 1 }]);
    expect(busyTimeline(profile)).to.deep.equal([400, 300, 600]);
  });

  it('counts time inside our own functions with their callees, a recursive one once per sample', () => {
    const ROUTE = frame('handle', 'file:///r/packages/adapters-http/dist/routes/withdrawals.routes.js');
    const WRITE = frame('sendPipelined', 'file:///r/packages/adapters-persistence/dist/sql/connection.js');
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 6] },
        { id: 2, callFrame: ROUTE, children: [3, 5] },
        { id: 3, callFrame: WRITE, children: [4] },
        { id: 4, callFrame: frame('writev', ''), children: [7] },
        { id: 5, callFrame: PG },
        { id: 6, callFrame: frame('(idle)', '') },
        { id: 7, callFrame: ROUTE },
      ],
      // 4 ms in writev under the write (under the route), 2 ms in pg under the route, 1 ms idle, and 3 ms in
      // the route called again from inside writev.
      samples: [4, 5, 6, 7],
      timeDeltas: [4000, 2000, 1000, 3000],
    };
    const rows = inclusiveTimes(profile, /packages\//);
    expect(rows.map((row) => [row.name, row.ms])).to.deep.equal([
      ['handle adapters-http/dist/routes/withdrawals.routes.js:1', 9],
      ['sendPipelined adapters-persistence/dist/sql/connection.js:1', 7],
    ]);
    expect(rows[0].share).to.equal(1);
    expect(inclusiveTimes(profile, /packages\//, { fromMs: 5, toMs: 6 })).to.deep.equal([
      { name: 'handle adapters-http/dist/routes/withdrawals.routes.js:1', ms: 2, share: 1 },
    ]);
  });
});
