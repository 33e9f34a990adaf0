// Baseline 2 under the same load as the lookup: the bare Express server in a process of its own.
import { fileURLToPath } from 'node:url';
import { cpuMeter } from './cpu.mjs';
import { runLoad } from './load.mjs';
import { freePort, startProcess, waitForHttp } from './processes.mjs';

const SERVER = fileURLToPath(new URL('../baseline/express-server.mjs', import.meta.url));
const SAMPLE_ID = '324da4de-590d-45c6-848a-55ad145c4e95';

export async function runExpressBaseline({ connections, seconds, warmupSeconds }) {
  const port = await freePort();
  const server = startProcess('bare Express', { script: SERVER, env: { PORT: String(port) } });
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(server, `${url}/healthz`);
    const request = () => ({ method: 'GET', path: `/v1/transactions/${SAMPLE_ID}/webhook-payload` });
    await runLoad({ url, connections, seconds: warmupSeconds, request });
    const meter = cpuMeter({ pids: { express: server.child.pid, bench: process.pid } });
    const result = await runLoad({ url, connections, seconds, request });
    return { ...result, cpu: meter.stop(result.ok), peakRssMb: server.peakRssMb };
  } finally {
    await server.stop();
  }
}
