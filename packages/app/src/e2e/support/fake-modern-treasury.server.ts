import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { paymentOrder, returnObject, reversal } from '@payout/adapters-rails/testing';
import { type FakeAnswer, header, JsonFakeServer } from './json-fake.server.js';

/** One `POST /api/payment_orders` as the fake received it. */
export interface PaymentOrderCreate {
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

/** The fields of Modern Treasury's SDK types, as the builders take them; a create's body is read by the same names. */
type OrderFields = NonNullable<Parameters<typeof paymentOrder>[0]>;
type ReversalFields = NonNullable<Parameters<typeof reversal>[0]>;

interface PaymentOrder {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly request: Record<string, unknown>;
  status: string;
  readonly createdAt?: string;
  /** When a returned order's return was made. */
  readonly returnedAt?: string;
  /** A reversed order's reversals. */
  readonly reversals?: readonly { readonly status: string; readonly updatedAt: string }[];
}

/**
 * A payment order put straight into the fake's book: the withdrawal id its metadata carries (null for one made
 * without), the amount in the currency's smallest unit, when it was created and its status.
 */
export interface BookedOrder {
  readonly id: string;
  readonly withdrawalId: string | null;
  readonly amount: number;
  readonly currency?: string;
  readonly createdAt: string;
  readonly status: string;
  readonly returnedAt?: string;
  readonly reversals?: readonly { readonly status: string; readonly updatedAt: string }[];
  readonly originatingAccountId?: string;
}

export const ORIGINATING_ACCOUNT_ID = '0f8e3719-3dfd-4613-9bbf-c0ffee000001';

/**
 * A local stand-in for Modern Treasury's payment orders API, in its documented shapes (whole `PaymentOrder`,
 * `Reversal` and `ReturnObject` objects of its SDK, from the builders the oracle checks them against): `POST /api/payment_orders`
 * (HTTP Basic, one order per `Idempotency-Key`, a repeat echoed the first answer), `GET /api/payment_orders/:id`,
 * `GET /api/payment_orders?…` (filtered by metadata, creation date, direction and account, paged), an order's
 * reversals, `GET /api/returns` of an order (none); `book` puts orders in its book as if made elsewhere; `move`
 * changes an order's status as the bank would, and `signedEvent` is the webhook Modern Treasury sends then.
 */
export class FakeModernTreasury extends JsonFakeServer {
  readonly creates: PaymentOrderCreate[] = [];
  /** How many orders a list page holds at most (Modern Treasury's is 100); a test's may be less. */
  pageSize = 100;
  private readonly orders = new Map<string, PaymentOrder>();
  /** While false, an order this fake makes is left out of the list (`unlist`), as a list behind its creates is. */
  listsNewOrders = true;
  /** Orders the list leaves out (`unlist`). */
  private readonly unlisted = new Set<string>();
  /** The answer kept for each API credential and `Idempotency-Key` a payment order was made with. */
  private readonly answered = new Map<string, FakeAnswer>();
  constructor(private readonly webhookKey: string) {
    super('modern_treasury');
  }

  static start(webhookKey: string): Promise<FakeModernTreasury> {
    return new FakeModernTreasury(webhookKey).listen();
  }

  /**
   * Puts payment orders in the book, as Modern Treasury would list them; one with the id of an order already there
   * (one this fake made, too) takes its place.
   */
  book(...orders: BookedOrder[]): void {
    for (const order of orders)
      this.orders.set(order.id, {
        ...order,
        idempotencyKey: '',
        request: {
          type: 'ach',
          amount: order.amount,
          direction: 'credit',
          currency: order.currency ?? 'USD',
          originating_account_id: order.originatingAccountId ?? ORIGINATING_ACCOUNT_ID,
          metadata: order.withdrawalId === null ? {} : { withdrawal_id: order.withdrawalId },
        },
      });
  }

  /** Leaves order `id` out of the list (`GET /api/payment_orders/:id` still shows it): one the book has no record of. */
  unlist(id: string): void {
    this.unlisted.add(id);
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
    if (req.method === 'GET' && url.pathname === '/api/payment_orders') return this.list(url.searchParams);
    const reversed = /^\/api\/payment_orders\/([^/]+)\/reversals$/.exec(url.pathname);
    if (req.method === 'GET' && reversed) {
      const order = this.orders.get(reversed[1] ?? '');
      return order ? [200, (order.reversals ?? []).map((r, i) => reversalOf(order, r, i))] : notFound();
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
    return notFound();
  }

  /**
   * `GET /api/payment_orders`, filtered as the SDK's `PaymentOrderListParams` filter (`metadata[…]`,
   * `created_at_start` and `created_at_end` as inclusive dates, `direction`, `originating_account_id`), a page of
   * at most `per_page` and `pageSize` orders, and `X-After-Cursor` while more follow.
   */
  private list(query: URLSearchParams): FakeAnswer {
    const wanted = query.get('metadata[withdrawal_id]');
    const [start, end] = [query.get('created_at_start'), query.get('created_at_end')];
    const held = [...this.orders.values()]
      .filter((order) => !this.unlisted.has(order.id))
      .map((order) => this.objectOf(order) as Record<string, unknown> & { created_at: string })
      .filter(
        (order) =>
          (wanted === null || (order.metadata as { withdrawal_id?: string }).withdrawal_id === wanted) &&
          (start === null || order.created_at.slice(0, 10) >= start) &&
          (end === null || order.created_at.slice(0, 10) <= end) &&
          (!query.has('direction') || order.direction === query.get('direction')) &&
          (!query.has('originating_account_id') ||
            order.originating_account_id === query.get('originating_account_id')),
      );
    const from = Number(/^after_(\d+)$/.exec(query.get('after_cursor') ?? '')?.[1] ?? 0);
    const size = Math.min(this.pageSize, Number(query.get('per_page') ?? 25));
    const more = from + size < held.length;
    return [
      200,
      held.slice(from, from + size),
      { 'x-per-page': String(size), ...(more ? { 'x-after-cursor': `after_${from + size}` } : {}) },
    ];
  }

  /**
   * As Modern Treasury documents idempotent requests: the answer to a successful POST with an `Idempotency-Key` is
   * kept, per API credentials and key whatever the route or body, and a repeat is echoed that answer (status and
   * body as they were then, not the order as it is now); an unsuccessful one is not kept.
   */
  private create(req: IncomingMessage, raw: string): FakeAnswer {
    const body = JSON.parse(raw) as Record<string, unknown>;
    const idempotencyKey = header(req, 'idempotency-key');
    const authorization = header(req, 'authorization');
    this.creates.push({ idempotencyKey, authorization, body });
    const kept = idempotencyKey === undefined ? undefined : `${authorization} ${idempotencyKey}`;
    const echoed = kept === undefined ? undefined : this.answered.get(kept);
    if (echoed) return echoed;
    const order: PaymentOrder = {
      id: `0f8e3719-3dfd-4613-9bbf-${String(this.orders.size + 1).padStart(12, '0')}`,
      idempotencyKey: idempotencyKey ?? '',
      request: body,
      status: 'approved',
    };
    this.orders.set(order.id, order);
    if (!this.listsNewOrders) this.unlisted.add(order.id);
    const answer: FakeAnswer = [201, this.objectOf(order)];
    if (kept !== undefined) this.answered.set(kept, answer);
    return answer;
  }

  /** The ids of the orders whose metadata names `withdrawalId`: Modern Treasury's book for the withdrawal. */
  ordersFor(withdrawalId: string): readonly string[] {
    return [...this.orders.values()]
      .filter(
        (order) => (order.request.metadata as { withdrawal_id?: string })?.withdrawal_id === withdrawalId,
      )
      .map((order) => order.id);
  }

  /** The order whole: what its create asked for, and where it now is. */
  private objectOf(order: PaymentOrder): object {
    const request = order.request as OrderFields;
    const at = order.createdAt ?? '2026-01-15T12:00:00Z';
    return paymentOrder({
      id: order.id,
      type: request.type,
      subtype: request.subtype ?? null,
      amount: request.amount,
      direction: request.direction,
      currency: request.currency ?? 'USD',
      originating_account_id: request.originating_account_id,
      description: request.description ?? null,
      remittance_information: request.remittance_information ?? null,
      statement_descriptor: request.statement_descriptor ?? null,
      metadata: request.metadata ?? {},
      effective_date: '2026-01-16',
      status: order.status as OrderFields['status'],
      current_return: order.returnedAt
        ? returnObject({ code: 'R03', created_at: order.returnedAt, returnable_id: order.id })
        : null,
      created_at: at,
      updated_at: at,
    });
  }
}

const notFound = (): FakeAnswer => [
  404,
  { errors: { code: 'resource_not_found', message: 'Resource not found', parameter: 'id' } },
];

/** A `Reversal` of the order (the SDK's payment-orders/reversals.ts), whole. */
const reversalOf = (order: PaymentOrder, shown: { status: string; updatedAt: string }, index: number) =>
  reversal({
    id: `${order.id.slice(0, -2)}r${index}`,
    payment_order_id: order.id,
    reason: 'incorrect_amount',
    status: shown.status as ReversalFields['status'],
    created_at: shown.updatedAt,
    updated_at: shown.updatedAt,
  });
