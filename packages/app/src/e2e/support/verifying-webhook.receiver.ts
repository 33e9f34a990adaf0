import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LinkedAccountEventBody, WebhookBody } from '@payout/domain';
import { Webhook } from 'standardwebhooks';

/** One HTTP request the service made to the receiver. */
export interface Delivery {
  /** `webhook-id`: the event id, the same on every retry of one event. */
  readonly eventId: string;
  readonly body: WebhookBody;
  /** The body as the bytes received (UTF-8), before any parsing. */
  readonly raw: string;
  /** `webhook-timestamp`: the moment the attempt was signed. */
  readonly timestamp: string;
  /** Whether `standardwebhooks` accepted the signature with the merchant's secret. */
  readonly verified: boolean;
  /** The status code the receiver answered; 0 when the sender was gone before the answer (a killed worker). */
  readonly answered: number;
}

/** Decides the answer to delivery number `n` (0-based, counting every request); may hold it by not resolving. */
export type Responder = (n: number) => number | Promise<number>;

const UNVERIFIED = 400;

/**
 * A merchant's webhook endpoint on node:http that checks every delivery with the `standardwebhooks` package,
 * written by others, so our signing is held to the standard rather than to our own reading of it.
 */
export class VerifyingWebhookReceiver {
  readonly deliveries: Delivery[] = [];
  private secret: string | null = null;
  private received = 0;
  private holding = 0;
  private connections = 0;

  private constructor(
    private readonly server: Server,
    private readonly responder: Responder,
  ) {
    server.on('request', (req, res) => void this.handle(req, res));
    server.on('connection', (socket) => {
      this.connections += 1;
      socket.once('close', () => {
        this.connections -= 1;
      });
    });
  }

  static async start(responder: Responder = () => 204): Promise<VerifyingWebhookReceiver> {
    const server = createServer();
    const receiver = new VerifyingWebhookReceiver(server, responder);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }

  /** The endpoint's secret is known only once the endpoint is registered, after the receiver listens. */
  useSecret(secret: string): void {
    this.secret = secret;
  }

  /** Every event that was verified and acknowledged, once each, whatever number of retries it took. */
  acknowledged(): Map<string, WebhookBody> {
    const events = new Map<string, WebhookBody>();
    for (const d of this.deliveries)
      if (d.verified && d.answered >= 200 && d.answered < 300) events.set(d.eventId, d.body);
    return events;
  }

  /** The acknowledged events of one withdrawal, ordered by `payload.sequence`. */
  eventsFor(transactionId: string): WebhookBody[] {
    return [...this.acknowledged().values()]
      .filter((body) => body.eventType === 'WITHDRAWAL' && body.payload.transactionId === transactionId)
      .sort((a, b) => a.payload.sequence - b.payload.sequence);
  }

  /** The acknowledged `LINKED_ACCOUNT` events of one account, ordered by `payload.sequence`. */
  accountEventsFor(linkedAccountId: string): LinkedAccountEventBody[] {
    return [...this.acknowledged().values()]
      .map((body) => body as unknown as LinkedAccountEventBody)
      .filter(
        (body) => body.eventType === 'LINKED_ACCOUNT' && body.payload.linkedAccountId === linkedAccountId,
      )
      .sort((a, b) => a.payload.sequence - b.payload.sequence);
  }

  /** Requests received whose answer the responder is still holding back. */
  get held(): number {
    return this.holding;
  }

  /** Open TCP connections from senders: 0 once a killed sender's sockets are gone. */
  get openConnections(): number {
    return this.connections;
  }

  unverified(): Delivery[] {
    return this.deliveries.filter((d) => !d.verified);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const n = this.received++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const verified = this.verify(raw, req);
    this.holding += 1;
    const status = verified ? await this.responder(n) : UNVERIFIED;
    this.holding -= 1;
    const senderGone = res.destroyed || req.socket.destroyed;
    this.deliveries.push({
      eventId: String(req.headers['webhook-id']),
      body: JSON.parse(raw) as WebhookBody,
      raw,
      timestamp: String(req.headers['webhook-timestamp']),
      verified,
      answered: senderGone ? 0 : status,
    });
    if (!senderGone) res.writeHead(status).end();
  }

  private verify(raw: string, req: IncomingMessage): boolean {
    if (!this.secret) return false;
    try {
      new Webhook(this.secret).verify(raw, req.headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  }
}
