// HTTP load through autocannon, with latencies taken from each response (sub-millisecond precision) and the
// throughput counted as successful responses over wall time.
import autocannon from 'autocannon';
import { summarize } from './stats.mjs';

/**
 * `request(i)` builds the i-th request ({ method, path, headers, body }); autocannon asks for exactly one per
 * request it sends, so `i` can pick a distinct entity each time. Give `amount` for a fixed number of requests
 * or `seconds` for a fixed duration. `onBody(status, body)` sees every response body;
 */
export function runLoad({ url, connections, amount, seconds, request, onBody }) {
  let index = 0;
  const latencies = [];
  const statusCodes = {};
  const started = process.hrtime.bigint();
  // autocannon calls back on its one-second tick after the last response: wall time ends at that response.
  let lastResponse = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        ...(amount ? { amount } : { duration: seconds }),
        timeout: 30,
        requests: [
          {
            setupRequest: (req) => ({ ...req, ...request(index++) }),
            onResponse: onBody ? (status, body) => onBody(status, body) : undefined,
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const elapsedSeconds = Number(lastResponse - started) / 1e9;
        const ok = result['2xx'];
        resolve({
          connections,
          requests: ok + result.non2xx,
          ok,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCodes,
          elapsedSeconds: Math.round(elapsedSeconds * 1000) / 1000,
          throughput: Math.round(ok / elapsedSeconds),
          latencyMs: summarize(latencies),
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      lastResponse = process.hrtime.bigint();
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      if (statusCode < 200 || statusCode >= 300) return;
      latencies.push(responseTime);
    });
  });
}

/** Fails the run when a load phase saw anything but 2xx: the figures would not mean what they say. */
export function requireAllOk(name, load) {
  if (load.non2xx > 0 || load.errors > 0)
    throw new Error(
      `${name}: ${load.non2xx} non-2xx (${JSON.stringify(load.statusCodes)}), ${load.errors} errors`,
    );
}
