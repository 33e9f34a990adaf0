import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Network faults on real sockets on 127.0.0.1: nock 15 cannot fake them with fetch (its replyWithError never
 * settles a fetch, and its delay with an aborted fetch crashes undici).
 */
export async function closedPortUrl(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A server that takes connections and never answers, for the suite's lifetime; answers its base URL. */
export function useSilentServer(): () => string {
  let server: Server;
  let baseUrl = '';
  before(async () => {
    server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return () => baseUrl;
}
