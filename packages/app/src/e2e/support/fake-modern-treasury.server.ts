import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FakeAnswer, header, JsonFakeServer } from './json-fake.server.js';

/** One `POST /api/payment_orders` as the fake received it. */
export interface PaymentOrderCreate {
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

interface PaymentOrder {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly request: Record<string, unknown>;
  status: string;
}

/**
 * A local stand-in for Modern Treasury's payment orders API, in its documented shapes: `POST /api/payment_orders`
 * (HTTP Basic, one order per `Idempotency-Key`, a repeat answers the first), `GET /api/payment_orders/:id`,
 * `GET /api/payment_orders?metadata[withdrawal_id]=…` (the orders carrying that metadata), `GET /api/returns` of an
 * order (none); `move`
 * changes an order's status as the bank would, and `signedEvent` is the webhook Modern Treasury sends then.
 */
export class FakeModernTreasury extends JsonFakeServer {
  readonly creates: PaymentOrderCreate[] = [];
  private readonly orders = new Map<string, PaymentOrder>();
  constructor(private readonly webhookKey: string) {
    super('modern_treasury');
  }

  static start(webhookKey: string): Promise<FakeModernTreasury> {
    return new FakeModernTreasury(webhookKey).listen();
  }

  move(id: string, status: string): void {
    const order = this.orders.get(id);
    if (!order) throw new Error(`no payment order ${id}`);
    order.status = status;
  }

  /** The `<event>` webhook about payment order `id`, signed in `X-Signature` with `key` (the webhook key). */
  signedEvent(
    id: string,
    event: string,
    key = this.webhookKey,
  ): { body: string; headers: Record<string, string> } {
    const order = this.orders.get(id);
    const body = JSON.stringify({
      event,
      data: order ? this.objectOf(order) : { id, object: 'payment_order' },
    });
    return {
      body,
      headers: {
        'x-signature': createHmac('sha256', key).update(body).digest('hex'),
        'x-topic': 'payment_order',
        'x-webhook-id': `wh_${id}_${event}`,
      },
    };
  }

  protected answer(req: IncomingMessage, raw: string): FakeAnswer {
    const path = req.url ?? '';
    const shown = /^\/api\/payment_orders\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && path === '/api/payment_orders') return this.create(req, raw);
    const url = new URL(path, 'http://fake');
    if (req.method === 'GET' && url.pathname === '/api/payment_orders') {
      const wanted = url.searchParams.get('metadata[withdrawal_id]');
      const held = [...this.orders.values()].filter(
        (order) =>
          (order.request.metadata as { withdrawal_id?: string } | undefined)?.withdrawal_id === wanted,
      );
      return [200, held.map((order) => this.objectOf(order))];
    }
    // An order's Returns (`ReturnListParams`: returnable_id with returnable_type): this fake makes none.
    if (req.method === 'GET' && url.pathname === '/api/returns')
      return url.searchParams.get('returnable_type') === 'payment_order' &&
        url.searchParams.has('returnable_id')
        ? [200, []]
        : [
            422,
            {
              errors: {
                code: 'parameter_invalid',
                message: 'returnable_type is required',
                parameter: 'returnable_type',
              },
            },
          ];
    const order = shown ? this.orders.get(shown[1] ?? '') : undefined;
    if (req.method === 'GET' && order) return [200, this.objectOf(order)];
    return [404, { errors: { code: 'resource_not_found', message: 'Resource not found', parameter: 'id' } }];
  }

  private create(req: IncomingMessage, raw: string): FakeAnswer {
    const body = JSON.parse(raw) as Record<string, unknown>;
    const idempotencyKey = header(req, 'idempotency-key');
    this.creates.push({ idempotencyKey, authorization: header(req, 'authorization'), body });
    const existing = [...this.orders.values()].find((order) => order.idempotencyKey === idempotencyKey);
    if (existing) return [201, this.objectOf(existing)];
    const order: PaymentOrder = {
      id: `0f8e3719-3dfd-4613-9bbf-${String(this.orders.size + 1).padStart(12, '0')}`,
      idempotencyKey: idempotencyKey ?? '',
      request: body,
      status: 'approved',
    };
    this.orders.set(order.id, order);
    return [201, this.objectOf(order)];
  }

  private objectOf(order: PaymentOrder): object {
    const { type, subtype, amount, direction, currency, originating_account_id, metadata } = order.request;
    return {
      id: order.id,
      object: 'payment_order',
      live_mode: false,
      type,
      subtype: subtype ?? null,
      amount,
      direction,
      currency,
      originating_account_id,
      metadata: metadata ?? {},
      effective_date: '2026-01-16',
      status: order.status,
      current_return: null,
      created_at: '2026-01-15T12:00:00Z',
      updated_at: '2026-01-15T12:00:00Z',
    };
  }
}
