import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { header, readBody } from './fake-increase.server.js';

/** One request as the fake received it. */
export interface ReceivedRequest {
  readonly path: string;
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

interface CardPushTransfer {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly request: Record<string, unknown>;
  status: 'pending_submission' | 'complete' | 'declined';
}

/**
 * A local stand-in for Increase's card vault and Card Push Transfers, in the documented shapes (Increase's guide
 * "Creating card tokens": `POST /card_tokens` answers `{"card_token": …}`; its SDK's `CardPushTransfer`):
 * `POST /card_tokens`, `POST /card_push_transfers` (one transfer per key, a repeat answers the first) and
 * `GET /card_push_transfers/:id`. Increase's sandbox has no endpoint that completes a card push, so a test moves
 * a transfer with `complete` or `decline`.
 */
export class FakeIncreaseCards {
  readonly tokenizations: ReceivedRequest[] = [];
  readonly creates: ReceivedRequest[] = [];
  private readonly transfers = new Map<string, CardPushTransfer>();

  private constructor(private readonly server: Server) {
    server.on('request', (req, res) => {
      void readBody(req).then((raw) => {
        const [status, body] = this.answer(req, raw);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
  }

  static async start(): Promise<FakeIncreaseCards> {
    const fake = new FakeIncreaseCards(createServer());
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  complete(id: string): void {
    this.move(id, 'complete');
  }

  decline(id: string): void {
    this.move(id, 'declined');
  }

  private move(id: string, status: CardPushTransfer['status']): void {
    const transfer = this.transfers.get(id);
    if (!transfer) throw new Error(`no card push transfer ${id}`);
    transfer.status = status;
  }

  private answer(req: IncomingMessage, raw: string): [number, object] {
    const path = req.url ?? '';
    const received = () => ({
      path,
      idempotencyKey: header(req, 'idempotency-key'),
      authorization: header(req, 'authorization'),
      body: JSON.parse(raw) as Record<string, unknown>,
    });
    if (req.method === 'POST' && path === '/card_tokens') {
      this.tokenizations.push(received());
      return [200, { card_token: `outbound_card_token_${this.tokenizations.length}` }];
    }
    if (req.method === 'POST' && path === '/card_push_transfers') return this.create(received());
    const shown = /^\/card_push_transfers\/([^/]+)$/.exec(path);
    const transfer = shown && this.transfers.get(shown[1] ?? '');
    if (req.method === 'GET' && transfer) return [200, this.objectOf(transfer)];
    return [404, { status: 404, type: 'object_not_found_error', title: 'Not found' }];
  }

  private create(request: ReceivedRequest): [number, object] {
    this.creates.push(request);
    const key = request.idempotencyKey ?? '';
    const existing = [...this.transfers.values()].find((t) => t.idempotencyKey === key);
    if (existing) return [200, this.objectOf(existing)];
    const transfer: CardPushTransfer = {
      id: `outbound_card_push_transfer_${this.transfers.size + 1}`,
      idempotencyKey: key,
      request: request.body,
      status: 'pending_submission',
    };
    this.transfers.set(transfer.id, transfer);
    return [200, this.objectOf(transfer)];
  }

  private objectOf(transfer: CardPushTransfer): object {
    const { status } = transfer;
    return {
      type: 'card_push_transfer',
      id: transfer.id,
      idempotency_key: transfer.idempotencyKey,
      card_token_id: transfer.request.card_token_id,
      presentment_amount: transfer.request.presentment_amount,
      status,
      acceptance:
        status === 'complete' ? { accepted_at: new Date().toISOString(), settlement_amount: 0 } : null,
      decline:
        status === 'declined' ? { declined_at: new Date().toISOString(), reason: 'expired_card' } : null,
    };
  }
}
