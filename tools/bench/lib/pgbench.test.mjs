import { expect } from 'chai';
import { parseLogLatencies, parseTps, parseTransactions } from './pgbench.mjs';

describe('pgbench baseline parsing', () => {
  it('prefers the tps without connection time, as pgbench 14+ prints it', () => {
    const output = [
      'latency average = 8.812 ms',
      'initial connection time = 31.050 ms',
      'tps = 3631.475443 (without initial connection time)',
    ].join('\n');
    expect(parseTps(output)).to.equal(3631.475443);
    expect(
      parseTps(
        'tps = 1200.5 (including connections establishing)\ntps = 1250.25 (excluding connections establishing)',
      ),
    ).to.equal(1250.25);
  });

  it('reads how many transactions ran, for the CPU cost of each', () => {
    const output =
      'number of clients: 32\nnumber of transactions actually processed: 36412\nnumber of failed transactions: 0 (0.000%)';
    expect(parseTransactions(output)).to.equal(36412);
    expect(() => parseTransactions('tps = 3.0')).to.throw(/no transaction count/);
  });

  it('refuses output without a tps figure instead of reporting zero', () => {
    expect(() => parseTps('connection to server failed')).to.throw(/no tps/);
  });

  it('reads each transaction latency in microseconds from the log and skips partial lines', () => {
    const log = '0 1 8812 0 1795386482 269000\n1 1 12500 0 1795386482 270000\n2 1\n';
    expect(parseLogLatencies(log)).to.deep.equal([8.812, 12.5]);
  });
});
