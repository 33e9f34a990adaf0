import { createServer } from 'node:http';
import { expect } from 'chai';
import { runLoad } from './load.mjs';

describe('bench load', () => {
  it('measures a fixed number of requests up to the last response, not to autocannon’s next one-second tick', async () => {
    // The server's own span, from the first request in to the last answer out: what the load may report, give or
    // take the loopback's latency. autocannon's tick would add up to a whole second to it.
    let first;
    let last;
    const server = createServer((_req, res) => {
      first ??= process.hrtime.bigint();
      res.end('{}', () => {
        last = process.hrtime.bigint();
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${server.address().port}`;
      const load = await runLoad({
        url,
        connections: 4,
        amount: 200,
        request: () => ({ method: 'GET', path: '/' }),
      });
      expect(load.ok).to.equal(200);
      const served = Number(last - first) / 1e9;
      expect(load.elapsedSeconds).to.be.below(served + 0.5);
      const perSecond = 200 / load.elapsedSeconds;
      expect(load.throughput, 'requests over the same span').to.be.closeTo(perSecond, perSecond * 0.05);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
