import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { BlockList, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { WebhookRequest, WebhookResponse, WebhookSender } from '@payout/domain';
import { Agent, buildConnector } from 'undici';
import { parseRetryAfter } from './retry-after.js';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const SECRET_PREFIX = 'whsec_';

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
  /** Addresses a delivery may not reach, checked on the connected socket (default: `isLinkLocal`). */
  readonly refusedAddress?: (address: string) => boolean;
}

interface ReceiverAnswer {
  readonly statusCode: number;
  readonly retryAfter: string | null;
}

/** Marks an error of a connection that had already received bytes (an earlier answer): it was being reused. */
const REUSED = Symbol('reusedConnection');

/** 169.254.0.0/16 and fe80::/10 (IPv4-mapped included): cloud metadata services, never a merchant's receiver. */
const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');

export const isLinkLocal = (address: string): boolean =>
  LINK_LOCAL.check(address, address.includes(':') ? 'ipv6' : 'ipv4');

/**
 * undici's connector, with each connection's errors marked when it had received bytes before they happened: a
 * socket error carries no other sign of whether its connection was new. A connection that reached a link-local
 * address is closed before anything is sent: the endpoint check refuses such addresses written in a URL, and this
 * catches a host name that resolves to one.
 */
function markingConnector(refused: (address: string) => boolean): buildConnector.connector {
  const connect = buildConnector({});
  return (options, callback) =>
    connect(options, (error, socket) => {
      const reply = callback as (error: Error | null, socket: Socket | TLSSocket | null) => void;
      const address = socket?.remoteAddress;
      if (socket && address && refused(address)) {
        socket.destroy();
        return reply(
          new Error(`refused: ${options.hostname} is at ${address}, where no delivery may go`),
          null,
        );
      }
      socket?.prependListener('error', (socketError: Error & { [REUSED]?: boolean }) => {
        if (socket.bytesRead > 0) socketError[REUSED] = true;
      });
      reply(error, socket);
    });
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
      connect: markingConnector(options.refusedAddress ?? isLinkLocal),
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
