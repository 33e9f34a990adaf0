import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { isIP, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { WebhookRequest, WebhookResponse, WebhookSender } from '@payout/domain';
import { Agent, buildConnector } from 'undici';
import { OutboundAddressPolicy } from '../outbound/outbound-address.policy.js';
import { parseRetryAfter } from './retry-after.js';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const SECRET_PREFIX = 'whsec_';

const DEVELOPMENT_ADDRESSES = new OutboundAddressPolicy({ publicOnly: false });

/** Signing keys kept per process; secrets beyond this many are made again when next used. */
const KEYS_KEPT = 1_000;
const signingKeys = new Map<string, KeyObject>();

/**
 * The HMAC key of a secret (the base64-decoded part after `whsec_`), made once: given bytes, `createHmac` checks
 * and wraps them as a key on every call (docs/decisions/0014-webhooks-sent-with-undici-and-kept-keys.md).
 */
function signingKey(secret: string): KeyObject {
  let key = signingKeys.get(secret);
  if (!key) {
    const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
    key = createSecretKey(Buffer.from(encoded, 'base64'));
    if (signingKeys.size >= KEYS_KEPT) signingKeys.delete(signingKeys.keys().next().value as string);
    signingKeys.set(secret, key);
  }
  return key;
}

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>` keyed with the base64-decoded part after `whsec_`. */
export function signWebhook(secret: string, eventId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret))
    .update(`${eventId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

export interface StandardWebhookSenderOptions {
  readonly timeoutMs?: number;
  /**
   * At most this many connections to one receiver (scheme, host and port); deliveries beyond them wait for one to
   * be free, inside the same timeout. Unset or 0: as many as are in flight.
   */
  readonly connectionsPerEndpoint?: number;
  /**
   * Where a delivery may connect, checked on every address a receiver's name resolves to and on the address
   * connected (default: anything but link-local, the development rule).
   */
  readonly addresses?: DeliveryAddresses;
}

/** The part of the outbound address rule a connection needs. */
export type DeliveryAddresses = Pick<OutboundAddressPolicy, 'addressRefusal' | 'resolve'>;

interface ReceiverAnswer {
  readonly statusCode: number;
  readonly retryAfter: string | null;
}

/** Marks an error of a connection that had already received bytes (an earlier answer): it was being reused. */
const REUSED = Symbol('reusedConnection');

type LookupCallback = (
  error: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

/**
 * `lookup` for net.connect: the receiver's name resolved, and only the addresses a delivery over `protocol` may
 * reach handed on, so that no packet goes to any other; none left is a refusal naming the first.
 */
function allowedLookup(addresses: DeliveryAddresses, protocol: string) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback): void => {
    addresses.resolve(host).then(
      (found) => {
        const allowed = found.filter((address) => addresses.addressRefusal(address, protocol) === null);
        const first = allowed[0];
        if (first === undefined) {
          const why = found[0] === undefined ? 'no address' : addresses.addressRefusal(found[0], protocol);
          return callback(new Error(`refused: ${host} (${why}): no delivery may go there`), []);
        }
        const family = (address: string) => (address.includes(':') ? 6 : 4);
        if (options.all)
          callback(
            null,
            allowed.map((address) => ({ address, family: family(address) })),
          );
        else callback(null, first, family(first));
      },
      (error: Error) => callback(error, []),
    );
  };
}

/**
 * undici's connector, with each connection's errors marked when it had received bytes before they happened: a
 * socket error carries no other sign of whether its connection was new. A name resolves only to addresses a delivery
 * may reach (allowedLookup), an address written in the URL is judged before connecting, and a connection that
 * reached a refused address all the same is closed before anything is sent.
 */
function checkingConnector(addresses: DeliveryAddresses): buildConnector.connector {
  const connectors = {
    'http:': buildConnector({ lookup: allowedLookup(addresses, 'http:') }),
    'https:': buildConnector({ lookup: allowedLookup(addresses, 'https:') }),
  };
  return (options, callback) => {
    const protocol = options.protocol === 'https:' ? 'https:' : 'http:';
    const reply = callback as (error: Error | null, socket: Socket | TLSSocket | null) => void;
    // An address written in the URL is not looked up: it is judged before any packet goes to it.
    const literal = options.hostname.replace(/^\[(.*)\]$/, '$1');
    const written = isIP(literal) ? addresses.addressRefusal(literal, protocol) : null;
    if (written)
      return reply(new Error(`refused: ${options.hostname} (${written}): no delivery may go there`), null);
    connectors[protocol](options, (error, socket) => {
      const address = socket?.remoteAddress;
      const refused = socket && address ? addresses.addressRefusal(address, protocol) : null;
      if (socket && refused) {
        socket.destroy();
        return reply(new Error(`refused: ${options.hostname} (${refused}): no delivery may go there`), null);
      }
      socket?.prependListener('error', (socketError: Error & { [REUSED]?: boolean }) => {
        if (socket.bytesRead > 0) socketError[REUSED] = true;
      });
      reply(error, socket);
    });
  };
}

/** Whether a failed POST went out on a kept-alive connection that the receiver closed or reset. */
function lostOnReusedConnection(error: unknown): boolean {
  const failure = error as { code?: string; [REUSED]?: boolean; socket?: { bytesRead?: number } };
  if (failure.code === 'ECONNRESET') return failure[REUSED] === true;
  return failure.code === 'UND_ERR_SOCKET' && (failure.socket?.bytesRead ?? 0) > 0;
}

/**
 * Standard Webhooks delivery (docs/product.md §7): every active secret signs, space-separated, so receivers keep
 * verifying through a rotation. A receiver's failure is reported, never thrown. Sent with undici on kept-alive
 * connections (docs/decisions/0014-webhooks-sent-with-undici-and-kept-keys.md).
 */
export class StandardWebhookSender implements WebhookSender {
  private readonly timeoutMs: number;
  private readonly agent: Agent;

  constructor(options: StandardWebhookSenderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.agent = new Agent({
      connect: checkingConnector(options.addresses ?? DEVELOPMENT_ADDRESSES),
      connections: options.connectionsPerEndpoint || null,
    });
  }

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const timestamp = Math.floor(request.timestamp.getTime() / 1000);
    const signature = request.secrets
      .map((secret) => signWebhook(secret, request.eventId, timestamp, request.body))
      .join(' ');
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const answer = await this.post(request.url, request.body, {
        'content-type': 'application/json',
        'webhook-id': request.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature,
      });
      const ok = answer.statusCode >= 200 && answer.statusCode < 300;
      return {
        statusCode: answer.statusCode,
        latencyMs: latency(),
        retryAfterSeconds: parseRetryAfter(answer.retryAfter, new Date()),
        error: ok ? null : `HTTP ${answer.statusCode}`,
      };
    } catch (error) {
      return {
        statusCode: null,
        latencyMs: latency(),
        retryAfterSeconds: null,
        error: (error as Error).message,
      };
    }
  }

  /**
   * One POST, answered in full (body read and dropped so the connection is reused) within the timeout, which
   * counts from the first try. A kept-alive connection the receiver closed just as it was reused fails before any
   * answer; that is no answer from the receiver, so the POST goes again at once on another connection instead of
   * waiting a retry interval (which would stall a drain on one such event). A new connection reset is
   * the receiver failing and is reported. A receiver that did read it and then reset may see it twice;
   * deliveries are at least once and carry the same webhook-id.
   */
  private async post(url: string, body: string, headers: Record<string, string>): Promise<ReceiverAnswer> {
    const target = new URL(url);
    const signal = AbortSignal.timeout(this.timeoutMs);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.postOnce(target, body, headers, signal);
      } catch (error) {
        if (signal.aborted) throw new Error(`no answer within ${this.timeoutMs} ms`);
        if (attempt > 1 || !lostOnReusedConnection(error)) throw error;
      }
    }
  }

  private async postOnce(
    target: URL,
    body: string,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<ReceiverAnswer> {
    const answer = await this.agent.request({
      origin: target.origin,
      path: `${target.pathname}${target.search}`,
      method: 'POST',
      headers,
      body,
      signal,
    });
    await answer.body.dump();
    const retryAfter = answer.headers['retry-after'];
    return {
      statusCode: answer.statusCode,
      retryAfter: (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) ?? null,
    };
  }
}
