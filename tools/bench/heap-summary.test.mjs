import { expect } from 'chai';
import { summarizeAllocations } from './heap-summary.mjs';

const node = (functionName, url, selfSize, children = []) => ({
  callFrame: { functionName, url, lineNumber: 9 },
  selfSize,
  children,
});

describe('heap profile summary', () => {
  it('sums self bytes over the whole tree by package and by function, largest first', () => {
    const profile = {
      head: node('(root)', '', 0, [
        node('insertStatement', 'file:///r/packages/adapters-persistence/dist/sql/sql-statement.js', 600, [
          node('join', '', 200),
        ]),
        node('parseRow', '/r/node_modules/pg/lib/result.js', 100, [
          node('insertStatement', 'file:///r/packages/adapters-persistence/dist/sql/sql-statement.js', 100),
        ]),
      ]),
    };
    const summary = summarizeAllocations(profile);
    expect(summary.totalBytes).to.equal(1000);
    expect(summary.owners.map((row) => [row.name, row.bytes])).to.deep.equal([
      ['@payout/adapters-persistence', 700],
      ['(native)', 200],
      ['pg', 100],
    ]);
    expect(summary.functions[0]).to.deep.equal({
      name: 'insertStatement adapters-persistence/dist/sql/sql-statement.js:10',
      bytes: 700,
      share: 0.7,
    });
    expect(summary.functions.find((row) => row.name.startsWith('parseRow')).name).to.equal(
      'parseRow pg/lib/result.js:10',
    );
  });
});
