import { expect } from 'chai';
import { ApiClient } from '../testing/api-client.js';
import { inMemoryHttpDeps, mintHarnessToken, startHttpApp } from '../testing/in-memory-http.harness.js';
import { RawConnection } from '../testing/raw-connection.js';
import type { RawHttpResponse } from '../testing/raw-http.client.js';
import type { HttpServerLimits } from './api-server.js';

const LIMITS: HttpServerLimits = { headersTimeoutMs: 600, bodyTimeoutMs: 600, connectionsPerClient: 4 };
const GET = 'GET /healthz HTTP/1.1\r\nHost: limits.test\r\n\r\n';

const expectRefusal = (res: RawHttpResponse | null, status: number, code: string) => {
  expect(res?.status, res?.body).to.equal(status);
  expect(res?.headers['content-type']).to.match(/^application\/json/);
  expect(res?.headers['x-content-type-options']).to.equal('nosniff');
  expect(JSON.parse(res?.body ?? 'null')).to.deep.include({ success: false, fatal: true, code });
};

describe('createApiServer: slow, huge and hostile requests', function () {
  this.timeout(20_000);
  let app: Awaited<ReturnType<typeof startHttpApp>>;
  let api: ApiClient;
  let port: number;
  const open: RawConnection[] = [];
  const connection = async () => {
    const made = await RawConnection.open(port);
    open.push(made);
    return made;
  };
  /** A connection that has served one request already, kept alive. */
  const reused = async () => {
    const made = await connection();
    made.write(GET);
    expect((await made.response())?.status).to.equal(200);
    return made;
  };

  before(async () => {
    app = await startHttpApp(inMemoryHttpDeps(), LIMITS);
    api = new ApiClient({ ...app, mintToken: mintHarnessToken });
    port = Number(new URL(app.baseUrl).port);
  });

  afterEach(() => {
    for (const made of open.splice(0)) made.close();
  });

  after(async () => {
    await app.close();
  });

  for (const [name, fresh] of [
    ['a new', true],
    ['a reused', false],
  ] as const) {
    it(`answers on ${name} connection: 431 for a 20 KB head, 414 for a long request line, 400 for two lengths`, async () => {
      const cases: [string, number, string][] = [
        [
          `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: ${'x'.repeat(20_000)}\r\n\r\n`,
          431,
          'HEADERS_TOO_LARGE',
        ],
        [`GET /healthz?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'URI_TOO_LONG'],
        [`GET /healthz?${'q'.repeat(9_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'URI_TOO_LONG'],
        [
          'POST /v1/operator/merchants HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
          400,
          'MALFORMED_HTTP',
        ],
      ];
      for (const [request, status, code] of cases) {
        const made = fresh ? await connection() : await reused();
        made.write(request);
        expectRefusal(await made.response(), status, code);
        if (status !== 414 || request.length < 16_000) continue;
        expect((await made.ended).reset, 'closed, not reset').to.equal(false);
      }
    });

    it(`answers 413 on ${name} connection to a body over the limit, and the client reads it`, async () => {
      const made = fresh ? await connection() : await reused();
      const body = `{"name":"${'x'.repeat(200_000)}"}`;
      made.write(
        `POST /v1/operator/merchants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${api.operatorToken()}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      made.write(body);
      expectRefusal(await made.response(), 413, 'PAYLOAD_TOO_LARGE');
    });

    it(`closes ${name} connection whose body trickles in with a 408 it reads, and serves nothing`, async () => {
      const { entity, accountId } = await api.payer('bank', '100.00');
      const made = fresh ? await connection() : await reused();
      const body = JSON.stringify({ amount: 1, walletType: 'SPEND' });
      made.write(
        `POST /v1/ext/linked-accounts/USD/${accountId}/withdrawal HTTP/1.1\r\nHost: x\r\n` +
          `Authorization: Bearer ${entity.token}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`,
      );
      const started = performance.now();
      // Still sending when the answer comes, and after: the connection must not be reset under it.
      const sent = made.trickle(body, 60).then((bytes) => ({ bytes, atMs: performance.now() - started }));
      const refused = await made.response();
      const answeredAtMs = performance.now() - started;
      expectRefusal(refused, 408, 'REQUEST_TIMEOUT');
      expect(answeredAtMs, 'answered at the deadline').to.be.within(
        LIMITS.bodyTimeoutMs - 50,
        LIMITS.bodyTimeoutMs + 500,
      );
      expect((await sent).atMs, 'the body was still arriving').to.be.above(answeredAtMs);
      const end = await made.ended;
      expect(end.reset, 'closed in stages, not reset').to.equal(false);
      expect(await api.balance(entity.walletId), 'no withdrawal was made').to.equal('100.00');
    });

    it(`answers 408 on ${name} connection whose head does not arrive in time`, async () => {
      const made = fresh ? await connection() : await reused();
      void made.trickle(GET, 40);
      expectRefusal(await made.response(), 408, 'REQUEST_TIMEOUT');
      expect((await made.ended).reset).to.equal(false);
    });
  }

  it('keeps an idle kept-alive connection past the headers deadline: the deadline counts from the first byte', async () => {
    const made = await reused();
    await new Promise((resolve) => setTimeout(resolve, LIMITS.headersTimeoutMs * 2));
    made.write(GET);
    expect((await made.response())?.status).to.equal(200);
  });

  it('answers a connection over the per-client cap 429 at once, and takes a new one when one closes', async () => {
    // Its own server: the suite's API client keeps connections of its own open to the other.
    const capped = await startHttpApp(inMemoryHttpDeps(), LIMITS);
    port = Number(new URL(capped.baseUrl).port);
    try {
      const held = await Promise.all([1, 2, 3, 4].map(() => connection()));
      const over = await connection();
      over.write(GET);
      const refused = await over.response();
      expectRefusal(refused, 429, 'TOO_MANY_CONNECTIONS');
      expect(refused?.headers['retry-after']).to.equal('1');
      for (const made of held) made.write(GET);
      for (const made of held) expect((await made.response())?.status).to.equal(200);
      held[0]?.close();
      await held[0]?.ended;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await connection();
      next.write(GET);
      expect((await next.response())?.status).to.equal(200);
    } finally {
      for (const made of open.splice(0)) made.close();
      port = Number(new URL(app.baseUrl).port);
      await capped.close();
    }
  });
});
