import { createServer } from 'node:http';
import { expect } from 'chai';
import { runLoad } from './load.mjs';

describe('bench load', () => {
  it('measures a fixed number of requests up to the last response, not to autocannon’s next one-second tick', async () => {
    const server = createServer((_req, res) => res.end('{}'));
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
      expect(load.elapsedSeconds).to.be.below(0.9);
      expect(load.throughput).to.be.above(200 / 0.9);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
