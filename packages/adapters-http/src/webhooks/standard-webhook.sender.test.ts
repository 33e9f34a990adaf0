import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { OutboundAddressPolicy } from '../outbound/outbound-address.policy.js';
import { parseRetryAfter } from './retry-after.js';
import { StandardWebhookSender, signWebhook } from './standard-webhook.sender.js';

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const SECRET_A = `whsec_${Buffer.from('first-secret-of-24-bytes!!').toString('base64')}`;
const SECRET_B = `whsec_${Buffer.from('second-secret-of-24-bytes!').toString('base64')}`;

async function receiver(answer: (res: ServerResponse) => void) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, server, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * A turn of the event loop, as between a worker's deliveries (each is recorded before the next is sent): undici
 * frees a connection for reuse in the turn after its answer ends, so a POST sent in the same turn opens another.
 */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const request = (url: string, secrets: string[]) => ({
  url,
  eventId: 'evt_0001',
  timestamp: new Date(),
  body: JSON.stringify({ eventType: 'WITHDRAWAL', status: 'SUCCESS', payload: { amount: 10.5 } }),
  secrets,
});

describe('StandardWebhookSender', () => {
  it('signs so that the standardwebhooks package verifies it, with every rotation secret', async () => {
    const r = await receiver((res) => res.writeHead(204).end());
    try {
      const sent = request(r.url, [SECRET_B, SECRET_A]);
      const response = await new StandardWebhookSender().send(sent);
      expect(response).to.include({ statusCode: 204, error: null, retryAfterSeconds: null });
      const got = r.received[0] as Received;
      expect(got.body).to.equal(sent.body);
      expect(got.headers['content-type']).to.equal('application/json');
      expect(got.headers['webhook-id']).to.equal('evt_0001');
      expect(got.headers['webhook-timestamp']).to.equal(String(Math.floor(sent.timestamp.getTime() / 1000)));
      expect(String(got.headers['webhook-signature']).split(' ')).to.have.length(2);
      const headers = got.headers as Record<string, string>;
      for (const secret of [SECRET_A, SECRET_B])
        expect(new Webhook(secret).verify(got.body, headers)).to.deep.equal(JSON.parse(sent.body));
      const stranger = `whsec_${Buffer.from('some-other-secret-24-bytes').toString('base64')}`;
      expect(() => new Webhook(stranger).verify(got.body, headers)).to.throw();
    } finally {
      await r.close();
    }
  });

  it('keeps the connection to a receiver open between deliveries', async () => {
    const r = await receiver((res) => res.writeHead(200).end('ok'));
    const sockets: unknown[] = [];
    r.server.on('connection', (socket) => sockets.push(socket));
    try {
      const sender = new StandardWebhookSender();
      for (let i = 0; i < 3; i++) {
        expect((await sender.send(request(r.url, [SECRET_A]))).statusCode).to.equal(200);
        await nextTurn();
      }
      expect(r.received).to.have.length(3);
      expect(sockets).to.have.length(1);
    } finally {
      await r.close();
    }
  });

  it('opens at most connectionsPerEndpoint connections to one receiver, the rest waiting their turn', async () => {
    // Holds its answers until `together` requests wait for one: the deliveries in flight are then as many as the
    // sender allows, and with fewer allowed than `together` none is ever answered.
    let together = 3;
    const held: ServerResponse[] = [];
    const r = await receiver((res) => {
      held.push(res);
      if (held.length >= together) for (const waiting of held.splice(0)) waiting.writeHead(204).end();
    });
    let open = 0;
    let mostOpen = 0;
    r.server.on('connection', (socket) => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      socket.on('close', () => {
        open -= 1;
      });
    });
    try {
      const send = (sender: StandardWebhookSender) =>
        Promise.all(Array.from({ length: 12 }, () => sender.send(request(r.url, [SECRET_A]))));
      const capped = await send(new StandardWebhookSender({ connectionsPerEndpoint: 3 }));
      expect(capped.map((answer) => answer.statusCode)).to.deep.equal(Array(12).fill(204));
      expect(mostOpen, 'capped').to.equal(3);
      const keptAlive = open;
      mostOpen = open;
      together = 12;
      await send(new StandardWebhookSender());
      expect(mostOpen - keptAlive, 'uncapped: a connection per delivery in flight').to.equal(12);
    } finally {
      r.server.closeAllConnections();
      await r.close();
    }
  });

  /**
   * Answers the first `answered` requests on each connection and keeps it alive, then drops the connection when the
   * next request arrives on it, with no answer: what a receiver's keep-alive timeout does when it fires just then
   * (with `answered` 0, a receiver failing on a new connection).
   */
  async function droppingReceiver(drop: (socket: Socket) => void, answered = 1) {
    const requests: number[] = [];
    const sockets: Socket[] = [];
    const server = createTcpServer((socket) => {
      const connection = sockets.push(socket);
      let seen = 0;
      socket.on('data', (chunk) => {
        if (!chunk.toString('latin1').includes('webhook-id')) return;
        requests.push(connection);
        seen += 1;
        if (seen <= answered) socket.write('HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n');
        else drop(socket);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
      requests,
      close: async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  for (const [how, drop] of [
    ['reset', (socket: Socket) => socket.resetAndDestroy()],
    ['closed', (socket: Socket) => socket.end()],
  ] as const)
    it(`sends again at once on another connection when the receiver ${how} a kept-alive one as it was reused`, async () => {
      const r = await droppingReceiver(drop);
      try {
        const sender = new StandardWebhookSender();
        const first = await sender.send(request(r.url, [SECRET_A]));
        await nextTurn();
        const second = await sender.send(request(r.url, [SECRET_A]));
        expect(first).to.include({ statusCode: 204, error: null });
        expect(second, 'answered on a new connection').to.include({ statusCode: 204, error: null });
        expect(r.requests, 'connection of each request').to.deep.equal([1, 1, 2]);
      } finally {
        await r.close();
      }
    });

  it('does not send again when a new connection is reset: that is the receiver failing', async () => {
    const r = await droppingReceiver((socket) => socket.resetAndDestroy(), 0);
    try {
      const response = await new StandardWebhookSender().send(request(r.url, [SECRET_A]));
      expect(response.statusCode).to.equal(null);
      expect(response.error).to.be.a('string');
      expect(r.requests).to.deep.equal([1]);
    } finally {
      await r.close();
    }
  });

  it('reports a failing receiver with its status and Retry-After instead of throwing', async () => {
    const r = await receiver((res) => res.writeHead(503, { 'retry-after': '120' }).end('busy'));
    try {
      const response = await new StandardWebhookSender().send(request(r.url, [SECRET_A]));
      expect(response).to.include({ statusCode: 503, retryAfterSeconds: 120, error: 'HTTP 503' });
    } finally {
      await r.close();
    }
  });

  it('reports a timeout and a refused connection with no status code', async () => {
    const r = await receiver(() => undefined);
    try {
      const slow = await new StandardWebhookSender({ timeoutMs: 100 }).send(request(r.url, [SECRET_A]));
      expect(slow.statusCode).to.equal(null);
      expect(slow.error).to.include('100 ms');
    } finally {
      await r.close();
    }
    const refused = await new StandardWebhookSender().send(request(r.url, [SECRET_A]));
    expect(refused.statusCode).to.equal(null);
    expect(refused.error).to.be.a('string');
  });

  it('sends nothing over a connection that reached a refused address, and reports why', async () => {
    const r = await receiver((res) => res.writeHead(200).end());
    try {
      const addresses = new OutboundAddressPolicy({ publicOnly: true });
      const response = await new StandardWebhookSender({ addresses }).send(request(r.url, [SECRET_A]));
      expect(response.statusCode).to.equal(null);
      expect(response.error).to.equal(
        'refused: 127.0.0.1 (127.0.0.1 is a loopback address): no delivery may go there',
      );
      expect(r.received).to.have.length(0);
    } finally {
      await r.close();
    }
  });

  it('connects a name only to the addresses it may reach: none left is a refusal before any packet', async () => {
    const r = await receiver((res) => res.writeHead(200).end());
    const port = new URL(r.url).port;
    const resolved: string[] = [];
    const resolve = async (host: string) => {
      resolved.push(host);
      return host === 'rebound.example' ? ['169.254.169.254', '127.0.0.1'] : ['127.0.0.1'];
    };
    try {
      const production = new OutboundAddressPolicy({ publicOnly: true, resolve });
      const refused = await new StandardWebhookSender({ addresses: production }).send(
        request(`http://hooks.example:${port}/`, [SECRET_A]),
      );
      expect(refused.error).to.equal(
        'refused: hooks.example (127.0.0.1 is a loopback address): no delivery may go there',
      );
      const development = new OutboundAddressPolicy({ publicOnly: false, resolve });
      const sender = new StandardWebhookSender({ addresses: development });
      const skipped = await sender.send(request(`http://rebound.example:${port}/`, [SECRET_A]));
      expect(skipped.statusCode, 'the link-local answer dropped, the loopback one used').to.equal(200);
      const allowed = new OutboundAddressPolicy({ publicOnly: true, resolve, allowedCidrs: ['127.0.0.0/8'] });
      const delivered = await new StandardWebhookSender({ addresses: allowed }).send(
        request(`http://hooks.example:${port}/`, [SECRET_A]),
      );
      expect(delivered.statusCode, 'an allow-listed receiver, over http').to.equal(200);
      expect(r.received).to.have.length(2);
      expect(resolved).to.deep.equal(['hooks.example', 'rebound.example', 'hooks.example']);
    } finally {
      await r.close();
    }
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-03-02T10:00:00Z');
    expect(parseRetryAfter('30', now)).to.equal(30);
    expect(parseRetryAfter('Mon, 02 Mar 2026 10:01:30 GMT', now)).to.equal(90);
    expect(parseRetryAfter('Mon, 02 Mar 2026 09:00:00 GMT', now)).to.equal(0);
    expect(parseRetryAfter('soon', now)).to.equal(null);
    expect(parseRetryAfter(null, now)).to.equal(null);
  });

  it("signs with each secret's own key, also after more secrets than it keeps keys for", () => {
    const direct = (secret: string) =>
      `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
        .update('e.1.{}')
        .digest('base64')}`;
    expect(signWebhook(SECRET_A, 'e', 1, '{}')).to.equal(direct(SECRET_A));
    for (let n = 0; n < 1_001; n += 1) {
      const secret = `whsec_${Buffer.from(`secret number ${n} of many`).toString('base64')}`;
      expect(signWebhook(secret, 'e', 1, '{}')).to.equal(direct(secret));
    }
    expect(signWebhook(SECRET_A, 'e', 1, '{}')).to.equal(direct(SECRET_A));
    expect(signWebhook(SECRET_B, 'e', 1, '{}')).to.not.equal(direct(SECRET_A));
  });
});
