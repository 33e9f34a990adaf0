import type { RailSubmission } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import type ModernTreasury from 'modern-treasury';
import nock from 'nock';
import type { Strict } from '../http/sdk-params.js';
import { standsInFor } from '../testing/definitions/checked-fetch.js';
import { paymentOrder, returnObject, reversal } from '../testing/objects/modern-treasury.objects.js';
import { bankSubmission, ScriptedCreates, vaultedCardSubmission } from '../testing/scripted-provider.js';
import type { ModernTreasuryRailId } from './modern-treasury-api.types.js';
import { PAYMENT_ORDERS_PATH } from './modern-treasury-payment-order-request.mapping.js';
import {
  ModernTreasuryPaymentOrderRail,
  type ModernTreasuryPaymentOrderRailOptions,
} from './modern-treasury-payment-orders.rail.js';

/**
 * A scripted Modern Treasury for the Modern Treasury suites, in the documented shapes of its API, its objects
 * whole (testing/objects, checked against the SDK's types as every answer is). Sources (its OpenAPI description
 * as generated into the official Node SDK, Modern-Treasury/modern-treasury-node at 6dea66ee):
 * - src/resources/payment-orders/payment-orders.ts: `create` is `POST /api/payment_orders`, `retrieve` is
 *   `GET /api/payment_orders/{id}`; `PaymentOrder` (`amount` in the currency's smallest unit, `direction`,
 *   `effective_date` yyyy-mm-dd, `status` needs_approval | approved | pending | processing | sent | completed |
 *   returned | reversed | failed | cancelled | denied | held | stopped, `current_return` when returned);
 *   `PaymentOrderCreateParams.receiving_account` (an inline counterparty: `account_details[].account_number` with
 *   `account_number_type` iban | other …, `routing_details[]` with `routing_number_type` aba | swift … and
 *   `payment_type`, `party_address` "required if receiving wire payments");
 * - src/resources/returns.ts: `ReturnObject.code` is the ACH return code, R01 … R85;
 * - `PaymentOrderType` `card` with `receiving_account_id` naming an external account (external-accounts.ts,
 *   whose `account_details[].account_number_type` may be `pan`): a push to a linked card;
 * - src/client.ts: `authHeaders` sends `Basic base64(organizationID:apiKey)`; `idempotencyHeader` is
 *   `Idempotency-Key`;
 * - errors: `{"errors": {"code", "message", "parameter"}}`, as Modern Treasury's API reference shows them
 *   (`parameter_invalid` 422, `resource_not_found` 404); a repeated create with the same key answers the first
 *   result again.
 */
const BASE_URL = 'https://app.moderntreasury.com';
standsInFor(BASE_URL, 'modern_treasury');
const ORGANIZATION_ID = '4a2b6e5c-0f3d-4a57-9d3c-0c7b1f0e8a11';
export const API_KEY = 'test-mt-api-key-do-not-log';
export const ORIGINATING_ACCOUNT_ID = '0f8e3719-3dfd-4613-9bbf-c0333781b59f';
export const ACCOUNT_NUMBER = '987654321';
export const ROUTING_NUMBER = '101050001';
export const IBAN = 'DE89370400440532013000';
export const EFFECTIVE_DATE = '2026-01-16';

export const submission = (overrides: Partial<RailSubmission> = {}): RailSubmission =>
  bankSubmission({ routingNumber: ROUTING_NUMBER, accountNumber: ACCOUNT_NUMBER }, overrides);

/** A SWIFT submission to an `international_bank` link, with the fields link-validation.ts stores. */
export const internationalSubmission = (overrides: Partial<RailSubmission> = {}): RailSubmission =>
  submission({
    destination: {
      kind: 'international_bank',
      details: {
        recipientType: 'personal',
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        accountNumber: 'DE89 3704 0044 0532 0130 00',
        swiftOrBic: 'COBADEFFXXX',
        bankName: 'Commerzbank',
        recipientAddress: 'Unter den Linden 1',
        recipientCity: 'Berlin',
        recipientState: 'BE',
        recipientCountry: 'DE',
        recipientPostalCode: '10117',
      },
    },
    ...overrides,
  });

/** The external account Modern Treasury made for a linked card: the card's token at this vault. */
export const CARD_EXTERNAL_ACCOUNT_ID = '5ace1b1e-6a0c-4c5f-9d1e-2b7c4a8e0c11';

/** A PUSH_TO_CARD submission to a `card` link tokenised at `vault` (docs/decisions/0003-cards-tokenised-at-link-time.md). */
export const cardSubmission = (overrides: Partial<RailSubmission> = {}, vault = 'modern_treasury') =>
  vaultedCardSubmission({ token: CARD_EXTERNAL_ACCOUNT_ID, vault }, overrides);

/**
 * A submission to the kind of account `id` pays: an `international_bank` link for SWIFT, a `card` link for
 * PUSH_TO_CARD, else a `bank` link.
 */
export const submissionOn = (id: ModernTreasuryRailId, overrides: Partial<RailSubmission> = {}) =>
  id === 'SWIFT'
    ? internationalSubmission(overrides)
    : id === 'PUSH_TO_CARD'
      ? cardSubmission(overrides)
      : submission(overrides);

/** A rail of `id` on the scripted organization, on a clock of its own unless given, with these overrides. */
export const railOn = (
  id: ModernTreasuryRailId,
  overrides: Partial<ModernTreasuryPaymentOrderRailOptions> = {},
): ModernTreasuryPaymentOrderRail =>
  new ModernTreasuryPaymentOrderRail({
    id,
    organizationId: ORGANIZATION_ID,
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    originatingAccountId: ORIGINATING_ACCOUNT_ID,
    clock: new ManualClock('2026-01-15T12:00:00Z'),
    timeoutMs: 2000,
    ...overrides,
  });

export const VALID_AUTHORIZATION = `Basic ${Buffer.from(`${ORGANIZATION_ID}:${API_KEY}`).toString('base64')}`;

export const errorBody = (code: string, message: string, parameter?: string) => ({
  errors: { code, message, ...(parameter ? { parameter } : {}) },
});

type ReturnCode = ModernTreasury.ReturnObject['code'];
type ReversalStatus = ModernTreasury.PaymentOrders.Reversal['status'];

/**
 * Where a scripted payment order is in its life: a status, the R code of its return when returned, and the
 * statuses of its reversals when reversed.
 */
export interface OrderState {
  readonly status: string;
  readonly returnCode?: string;
  readonly reversals?: readonly string[];
  /** Notifications of Change on the order: their NOC code and corrections (ReturnObject.Corrections). */
  readonly notices?: readonly { readonly code: string; readonly corrections: Record<string, string> }[];
}

interface HeldOrder {
  readonly id: string;
  readonly request: Record<string, unknown>;
  state: OrderState;
}

/**
 * Modern Treasury's payment order endpoints, scripted with nock: a create with a new key makes one order, a
 * repeat with the key answers it again, a GET shows it in its current state. Faults are queued for the next
 * creates; `fetch` loses the answer of a create that Modern Treasury did make (a timeout after the request got
 * through).
 */
export class ScriptedModernTreasury extends ScriptedCreates {
  private readonly byKey = new Map<string, HeldOrder>();
  /** Every create request's body and `Idempotency-Key` and `Authorization` headers, in order. */
  readonly bodies: Record<string, unknown>[] = [];
  readonly keys: (string | null)[] = [];
  readonly authorizations: (string | null)[] = [];

  constructor() {
    super();
    // nock 15 calls a one-argument reply function with the WHATWG Request.
    nock(BASE_URL)
      .persist()
      .post(PAYMENT_ORDERS_PATH)
      .reply(async (request: Request) => this.create(request));
    nock(BASE_URL)
      .persist()
      .get(PAYMENT_ORDERS_PATH)
      .query(true)
      .reply(async (request: Request) => this.list(request));
    nock(BASE_URL)
      .persist()
      .get('/api/returns')
      .query(true)
      .reply(async (request: Request) => this.returns(request));
    nock(BASE_URL)
      .persist()
      .get(new RegExp(`^${PAYMENT_ORDERS_PATH}/[^/]+/reversals$`))
      .reply(async (request: Request) => this.reversals(request));
    nock(BASE_URL)
      .persist()
      .get(new RegExp(`^${PAYMENT_ORDERS_PATH}/[^/]+$`))
      .reply(async (request: Request) =>
        this.show(
          request,
          decodeURIComponent(new URL(request.url).pathname.slice(PAYMENT_ORDERS_PATH.length + 1)),
        ),
      );
  }

  /** Payment orders Modern Treasury holds: at most one per idempotency key. */
  get created(): number {
    return this.byKey.size;
  }

  /** Lists the creates' lookups (`GET /api/payment_orders?metadata[…]`), in order. */
  readonly lookups: string[] = [];

  /** Modern Treasury drops its idempotency keys after 24 hours: a create with one of them makes a new order. */
  forgetKeys(): void {
    for (const [key, order] of [...this.byKey]) {
      this.byKey.delete(key);
      this.byKey.set(`forgotten-${key}`, order);
    }
  }

  /** Moves the order created with `key` to `state`, as Modern Treasury and the bank would. */
  move(key: string, state: OrderState): void {
    const order = this.byKey.get(key);
    if (!order) throw new Error(`no payment order for key ${key}`);
    order.state = state;
  }

  private async create(request: Request): Promise<nock.ReplyFnResult> {
    this.authorizations.push(request.headers.get('authorization'));
    if (request.headers.get('authorization') !== VALID_AUTHORIZATION)
      return [401, errorBody('unauthorized', 'Authentication failed')];
    const body = (await request.json()) as Record<string, unknown>;
    this.bodies.push(body);
    this.keys.push(request.headers.get('idempotency-key'));
    const fault = this.nextFault();
    if (fault) return fault;
    const key = String(request.headers.get('idempotency-key'));
    const held = this.byKey.get(key);
    if (held) return [201, orderObject(held)];
    const order: HeldOrder = {
      id: `7c1b9d2e-0000-4000-8000-${String(this.byKey.size + 1).padStart(12, '0')}`,
      request: body,
      state: { status: 'approved' },
    };
    this.byKey.set(key, order);
    return [201, orderObject(order)];
  }

  private list(request: Request): nock.ReplyFnResult {
    if (request.headers.get('authorization') !== VALID_AUTHORIZATION)
      return [401, errorBody('unauthorized', 'Authentication failed')];
    const wanted = new URL(request.url).searchParams.get('metadata[withdrawal_id]');
    this.lookups.push(String(wanted));
    const orders = [...this.byKey.values()].filter(
      (order) => (order.request.metadata as { withdrawal_id?: string } | undefined)?.withdrawal_id === wanted,
    );
    return [200, orders.map(orderObject)];
  }

  /** `GET /api/payment_orders/{id}/reversals`: an array of `Reversal` (payment-orders/reversals.ts). */
  private reversals(request: Request): nock.ReplyFnResult {
    if (request.headers.get('authorization') !== VALID_AUTHORIZATION)
      return [401, errorBody('unauthorized', 'Authentication failed')];
    const id = decodeURIComponent(new URL(request.url).pathname.split('/').at(-2) ?? '');
    const order = [...this.byKey.values()].find((held) => held.id === id);
    if (!order) return [404, errorBody('resource_not_found', 'Resource not found', 'id')];
    const reversals = (order.state.reversals ?? []).map((status, i) =>
      reversal({
        id: `5e7a0c11-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        payment_order_id: order.id,
        status: status as ReversalStatus,
      }),
    );
    return [200, reversals];
  }

  /**
   * `GET /api/returns?returnable_type=payment_order&returnable_id=…` (returns.ts `ReturnListParams`): an array of
   * `ReturnObject`, the order's Notifications of Change as `ach_noc` returns of $0.00.
   */
  private returns(request: Request): nock.ReplyFnResult {
    if (request.headers.get('authorization') !== VALID_AUTHORIZATION)
      return [401, errorBody('unauthorized', 'Authentication failed')];
    const params = new URL(request.url).searchParams;
    if (params.get('returnable_type') !== 'payment_order')
      return [422, errorBody('parameter_invalid', 'returnable_id must be accompanied by returnable_type')];
    const order = [...this.byKey.values()].find((held) => held.id === params.get('returnable_id'));
    const notices = (order?.state.notices ?? []).map((notice, i) =>
      returnObject({
        id: `9b0c4e11-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        type: 'ach_noc',
        amount: 0,
        code: notice.code as ReturnCode,
        reason: 'Notification of change',
        corrections: notice.corrections,
        returnable_id: order?.id ?? null,
        role: 'originating',
        created_at: `2026-01-1${7 + i}T12:00:00Z`,
        updated_at: `2026-01-1${7 + i}T12:00:00Z`,
      }),
    );
    return [200, notices];
  }

  private show(request: Request, id: string): nock.ReplyFnResult {
    if (request.headers.get('authorization') !== VALID_AUTHORIZATION)
      return [401, errorBody('unauthorized', 'Authentication failed')];
    for (const order of this.byKey.values()) if (order.id === id) return [200, orderObject(order)];
    return [404, errorBody('resource_not_found', 'Resource not found', 'id')];
  }
}

/** A payment order as Modern Treasury shows it, whole: the request's fields and the order's current state. */
function orderObject(order: HeldOrder): object {
  const request = order.request as Strict<ModernTreasury.PaymentOrderCreateParams>;
  const { state } = order;
  return paymentOrder({
    id: order.id,
    type: request.type,
    subtype: request.subtype ?? null,
    amount: request.amount,
    direction: request.direction,
    currency: request.currency ?? 'USD',
    originating_account_id: request.originating_account_id,
    receiving_account_id: request.receiving_account_id ?? 'e5e1c2a0-5b8e-4b1a-9a86-2d1b0b4b7a01',
    description: request.description ?? null,
    remittance_information: request.remittance_information ?? null,
    statement_descriptor: request.statement_descriptor ?? null,
    metadata: request.metadata ?? {},
    effective_date: EFFECTIVE_DATE,
    status: state.status as ModernTreasury.PaymentOrder['status'],
    current_return: state.returnCode
      ? returnObject({ code: state.returnCode as ReturnCode, returnable_id: order.id })
      : null,
  });
}
