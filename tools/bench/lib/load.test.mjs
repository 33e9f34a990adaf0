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

  it('hands every 2xx latency to onLatency with when its response completed, in completion order', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls += 1;
      res.statusCode = calls % 5 === 0 ? 503 : 200;
      res.end('{}');
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const seen = [];
      const load = await runLoad({
        url: `http://127.0.0.1:${server.address().port}`,
        connections: 2,
        amount: 50,
        request: () => ({ method: 'GET', path: '/' }),
        onLatency: (latencyMs, atMs) => seen.push([latencyMs, atMs]),
      });
      expect(load.ok).to.equal(40);
      expect(seen).to.have.length(40);
      for (const [index, [latencyMs, atMs]] of seen.entries()) {
        expect(latencyMs).to.be.above(0);
        expect(atMs).to.be.at.least(index === 0 ? 0 : seen[index - 1][1]);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
