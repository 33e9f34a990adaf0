import { createHmac } from 'node:crypto';
import type { WebhookRequest, WebhookResponse, WebhookSender } from '@payout/domain';
import { parseRetryAfter } from './retry-after.js';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const SECRET_PREFIX = 'whsec_';

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>` keyed with the base64-decoded part after `whsec_`. */
export function signWebhook(secret: string, eventId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  const mac = createHmac('sha256', key).update(`${eventId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export interface StandardWebhookSenderOptions {
  readonly timeoutMs?: number;
  /** Injected for tests; the global fetch otherwise. */
  readonly fetch?: typeof fetch;
}

/**
 * Standard Webhooks delivery (PRODUCT.md §7): every active secret signs, space-separated, so receivers keep
 * verifying through a rotation. A receiver's failure is reported, never thrown.
 */
export class StandardWebhookSender implements WebhookSender {
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(options: StandardWebhookSenderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const timestamp = Math.floor(request.timestamp.getTime() / 1000);
    const signature = request.secrets
      .map((secret) => signWebhook(secret, request.eventId, timestamp, request.body))
      .join(' ');
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const response = await this.fetch(request.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': request.eventId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signature,
        },
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // The body is not needed, but reading it lets the connection be reused.
      await response.arrayBuffer().catch(() => undefined);
      return {
        statusCode: response.status,
        latencyMs: latency(),
        retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after'), new Date()),
        error: response.ok ? null : `HTTP ${response.status}`,
      };
    } catch (error) {
      const name = (error as Error).name;
      const message =
        name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : (error as Error).message;
      return { statusCode: null, latencyMs: latency(), retryAfterSeconds: null, error: message };
    }
  }
}
