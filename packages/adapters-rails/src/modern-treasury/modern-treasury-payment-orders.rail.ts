import type {
  PayoutRail,
  RailFindResult,
  RailStatus,
  RailStatusQuery,
  RailSubmission,
  RailSubmitResult,
} from '@payout/domain';
import { globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asArray, asObject, text } from '../http/json-fields.js';
import {
  ProviderHttpRail,
  type RailHttpOptions,
  type RailTimingDefaults,
} from '../http/rail-http-options.js';
import { payableCents } from '../money/payable-cents.js';
import type { ModernTreasuryRailId, PaymentOrderBody } from './modern-treasury-api.types.js';
import { outcomeOfPaymentOrderCreate } from './modern-treasury-create-payment-order.mapping.js';
import { type ModernTreasuryCredentials, ModernTreasuryHttpClient } from './modern-treasury-http.client.js';
import { latestCorrectionOf, returnsPathOf } from './modern-treasury-notification-of-change.mapping.js';
import {
  PAYMENT_ORDERS_PATH,
  paymentOrderRequestOf,
} from './modern-treasury-payment-order-request.mapping.js';
import {
  railStatusOfPaymentOrder,
  railStatusOfReversals,
} from './modern-treasury-payment-order-status.mapping.js';

/** Polling and the return window default per rail (below) unless set. */
export interface ModernTreasuryPaymentOrderRailOptions extends RailHttpOptions, ModernTreasuryCredentials {
  readonly id: ModernTreasuryRailId;
  /** https://app.moderntreasury.com; the sandbox is the same host with a sandbox organization's key. */
  readonly baseUrl: string;
  /** The internal account (at the bank behind Modern Treasury) the money leaves from. */
  readonly originatingAccountId: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Per rail: how often to ask while not final (Modern Treasury hands ACH to the bank in files a few times a day
 * and a `sent` entry waits for its effective date; RTP completes in seconds; a domestic wire in minutes, a wire
 * abroad in hours through correspondent banks), and how long a return can follow (docs/returns.md). An ACH entry
 * to a consumer account can be returned for sixty days, most returns and every Notification of Change within two
 * banking days: watched for 60 days at widening gaps. A wire the receiving bank sends back is a Return on the
 * payment order (status `returned`): a domestic one watched for 30 days, one abroad, which correspondent banks
 * may take weeks over, for 45. RTP payments are final.
 */
const DEFAULTS: Readonly<Record<ModernTreasuryRailId, RailTimingDefaults>> = {
  ACH: { poll: 30 * MINUTE_MS, returnWindow: 60 * DAY_MS, returnPoll: 6 * HOUR_MS },
  RTP: { poll: 5_000, returnWindow: 0, returnPoll: HOUR_MS },
  WIRE: { poll: MINUTE_MS, returnWindow: 30 * DAY_MS, returnPoll: 6 * HOUR_MS },
  SWIFT: { poll: 15 * MINUTE_MS, returnWindow: 45 * DAY_MS, returnPoll: 6 * HOUR_MS },
  // A card push is answered by the issuer within seconds and is final once accepted.
  PUSH_TO_CARD: { poll: 5_000, returnWindow: 0, returnPoll: HOUR_MS },
};

/**
 * The ACH, RTP, WIRE, SWIFT and PUSH_TO_CARD rails on Modern Treasury's payment orders. A withdrawal is one
 * payment order created with the withdrawal id as `Idempotency-Key`: Modern Treasury keeps the first answer for a
 * key and gives it again to a repeat, so a retry after a lost answer never pays twice. The reference is the
 * payment order id, and the status is read by a GET of the order. Never throws: no answer within `timeoutMs`, a network
 * failure, a 5xx or a 429 is UNAVAILABLE (outcome unknown, safe to retry with the same key).
 */
export class ModernTreasuryPaymentOrderRail
  extends ProviderHttpRail<ModernTreasuryRailId>
  implements PayoutRail
{
  readonly provider = 'modern_treasury';
  private readonly http: ModernTreasuryHttpClient;

  constructor(private readonly options: ModernTreasuryPaymentOrderRailOptions) {
    super(options.id, options, DEFAULTS[options.id]);
    this.http = new ModernTreasuryHttpClient(
      trimBaseUrl(options.baseUrl),
      options,
      options.fetch ?? globalFetch,
    );
  }

  async submit(submission: RailSubmission): Promise<RailSubmitResult> {
    const payable = payableCents(this.id, submission, 'modern_treasury');
    if ('kind' in payable) return payable;
    const { cents } = payable;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    if (submission.attempt > 1) {
      const earlier = await this.earlierOrder(submission.withdrawalId, signal);
      if (earlier) return earlier;
    }
    const payload = paymentOrderRequestOf(this.id, submission, cents, this.options.originatingAccountId);
    const created = await this.http.call(
      { method: 'POST', path: PAYMENT_ORDERS_PATH, payload, idempotencyKey: submission.withdrawalId },
      signal,
    );
    if (!created.ok) return { kind: 'UNAVAILABLE', detail: created.error };
    return outcomeOfPaymentOrderCreate(created.value, this.options.clock.now(), this.id);
  }

  /**
   * On a retry, the payment order an earlier attempt made (`orderOf`); null when there is none. Modern Treasury
   * keeps an idempotency key for 24 hours and per API key only: a retry later than that, or after a key rotation,
   * would otherwise make a second order.
   */
  private async earlierOrder(withdrawalId: string, signal: AbortSignal): Promise<RailSubmitResult | null> {
    const found = await this.orderOf(withdrawalId, signal);
    if (found.kind === 'NONE') return null;
    if (found.kind !== 'ORDER') return found;
    return outcomeOfPaymentOrderCreate(
      { status: 200, body: found.order, retryAfter: null },
      this.options.clock.now(),
      this.id,
    );
  }

  async findPayout(withdrawalId: string): Promise<RailFindResult> {
    const found = await this.orderOf(withdrawalId, AbortSignal.timeout(this.options.timeoutMs));
    if (found.kind !== 'ORDER') return found;
    const reference = text(asObject<PaymentOrderBody>(found.order).id);
    return reference
      ? { kind: 'FOUND', reference }
      : { kind: 'UNAVAILABLE', detail: `Modern Treasury lists an order for ${withdrawalId} without its id` };
  }

  /** The payment order made for the withdrawal, found by the `withdrawal_id` metadata every order carries. */
  private async orderOf(
    withdrawalId: string,
    signal: AbortSignal,
  ): Promise<
    { kind: 'ORDER'; order: unknown } | { kind: 'NONE' } | Extract<RailStatus, { kind: 'UNAVAILABLE' }>
  > {
    const path = `${PAYMENT_ORDERS_PATH}?metadata%5Bwithdrawal_id%5D=${encodeURIComponent(withdrawalId)}`;
    const listed = await this.http.read(path, signal, this.options.clock.now());
    if (listed.kind !== 'READ') return listed;
    const orders = asArray<unknown>(listed.body).filter(
      (order) =>
        text(
          asObject<{ withdrawal_id?: unknown }>(asObject<PaymentOrderBody>(order).metadata).withdrawal_id,
        ) === withdrawalId,
    );
    if (orders.length === 0) return { kind: 'NONE' };
    if (orders.length > 1)
      return {
        kind: 'UNAVAILABLE',
        detail: `Modern Treasury holds ${orders.length} payment orders for ${withdrawalId}: reconcile by hand`,
      };
    return { kind: 'ORDER', order: orders[0] };
  }

  /**
   * The order's status; a reversed one's from its reversals (railStatusOfReversals), in the same time. A completed
   * ACH order is asked for its returns too, in the same time: a Notification of Change is one of them, the order
   * staying completed. Unavailable when they cannot be read, so that a check never passes over a correction.
   */
  async status(query: RailStatusQuery): Promise<RailStatus> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const path = `${PAYMENT_ORDERS_PATH}/${encodeURIComponent(query.reference)}`;
    const shown = await this.http.read(path, signal, this.options.clock.now());
    if (shown.kind !== 'READ') return shown;
    const orderStatus = text(asObject<PaymentOrderBody>(shown.body).status);
    if (orderStatus === 'completed' && this.id === 'ACH') {
      const returns = await this.http.read(returnsPathOf(query.reference), signal, this.options.clock.now());
      if (returns.kind !== 'READ') return returns;
      const correction = latestCorrectionOf(returns.body);
      const status = railStatusOfPaymentOrder(this.id, shown.body);
      return correction ? { ...status, correction } : status;
    }
    if (orderStatus !== 'reversed') return railStatusOfPaymentOrder(this.id, shown.body);
    const reversals = await this.http.read(`${path}/reversals`, signal, this.options.clock.now());
    return reversals.kind === 'READ'
      ? railStatusOfReversals(reversals.body, this.returnPollIntervalMs)
      : reversals;
  }
}
