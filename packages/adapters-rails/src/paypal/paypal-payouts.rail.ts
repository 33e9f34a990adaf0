import type {
  Clock,
  PayoutRail,
  RailStatus,
  RailStatusQuery,
  RailSubmission,
  RailSubmitResult,
} from '@payout/domain';
import { globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asObject, text } from '../http/json-fields.js';
import { pollIntervalOf, type RailHttpOptions } from '../http/rail-http-options.js';
import { unansweredRead } from '../http/retry-after.js';
import type { PayPalBatchBody } from './paypal-api.types.js';
import { outcomeOfCreate } from './paypal-create-payout.mapping.js';
import { PayPalHttpClient } from './paypal-http.client.js';
import { railStatusOfBatch } from './paypal-item-status.mapping.js';
import { PayPalOAuthClient } from './paypal-oauth.client.js';

export type PayPalRailId = 'PAYPAL' | 'VENMO';

/** A settled payout is watched for a refund or reversal for `returnWindowMs` (30 days) unless set. */
export interface PayPalPayoutsRailOptions extends RailHttpOptions {
  readonly id: PayPalRailId;
  /** https://api-m.paypal.com, or https://api-m.sandbox.paypal.com for PayPal's sandbox. */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Rails paying from one PayPal account share one token; `createPayPalRails` does that. */
  readonly oauth?: PayPalOAuthClient;
}

/** PayPal processes an asynchronous payout in seconds to minutes; asking more often only spends rate limit. */
const DEFAULT_POLL_INTERVAL_MS = 30_000;
/** Refunds and reversals come days after payment: a first look an hour after it is early enough. */
const DEFAULT_RETURN_POLL_INTERVAL_MS = 3_600_000;
/**
 * A recipient may refund a payment, and PayPal reverse one (a risk review, a dispute), weeks after it was paid;
 * both show on the item as REFUNDED or REVERSED. Thirty days covers the usual review and refund period.
 */
const DEFAULT_RETURN_WINDOW_MS = 30 * 24 * 3_600_000;
const RECIPIENT_TYPES = new Set(['EMAIL', 'PHONE', 'PAYPAL_ID']);
/**
 * PayPal refuses a repeated sender_batch_id within 30 days: a retry later than that could make a second payout,
 * so none is sent after 29 days (a day's margin for clocks and the first attempt coming after the request).
 */
const DUPLICATE_CHECK_MS = 29 * 24 * 3_600_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A US mobile number as people write it: ten digits, a leading 1 or +1 allowed, spaces, dots, dashes, brackets. */
const US_PHONE = /^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

/**
 * Whom a Venmo payout goes to, from the link's `username` (a Venmo link has no destination type): an email, a US
 * mobile number (its ten digits), or else a Venmo handle without its `@` (PayPal's `USER_HANDLE`).
 */
export function venmoRecipient(username: string): { recipient_type: string; receiver: string } {
  const written = username.trim();
  if (EMAIL.test(written)) return { recipient_type: 'EMAIL', receiver: written };
  if (US_PHONE.test(written))
    return { recipient_type: 'PHONE', receiver: written.replace(/\D/g, '').slice(-10) };
  return { recipient_type: 'USER_HANDLE', receiver: written.replace(/^@/, '') };
}

/**
 * The PAYPAL and VENMO rails on PayPal's Payouts REST API. One withdrawal is one batch of one item, with the
 * withdrawal id as sender_batch_id (PayPal pays a sender_batch_id once within 30 days) and as sender_item_id;
 * the reference is PayPal's payout_batch_id. A repeated submission is refused by PayPal as a duplicate and
 * answered with the original batch, so it never pays twice. Never throws: no answer within `timeoutMs`, a
 * network failure or a 5xx is UNAVAILABLE (outcome unknown, safe to retry with the same key).
 */
export class PayPalPayoutsRail implements PayoutRail {
  readonly provider = 'paypal';
  readonly id: PayPalRailId;
  readonly pollIntervalMs: number;
  readonly returnWindowMs: number;
  readonly returnPollIntervalMs: number;
  private readonly http: PayPalHttpClient;
  private readonly timeoutMs: number;
  private readonly clock: Clock;

  constructor(options: PayPalPayoutsRailOptions) {
    const oauth = options.oauth ?? new PayPalOAuthClient(options);
    this.id = options.id;
    this.pollIntervalMs = pollIntervalOf(options, DEFAULT_POLL_INTERVAL_MS);
    this.returnWindowMs = options.returnWindowMs ?? DEFAULT_RETURN_WINDOW_MS;
    this.returnPollIntervalMs = options.returnPollIntervalMs ?? DEFAULT_RETURN_POLL_INTERVAL_MS;
    this.timeoutMs = options.timeoutMs;
    this.clock = options.clock;
    this.http = new PayPalHttpClient(trimBaseUrl(options.baseUrl), oauth, options.fetch ?? globalFetch);
  }

  async submit(submission: RailSubmission): Promise<RailSubmitResult> {
    if (
      submission.attempt > 1 &&
      this.clock.now().getTime() - submission.requestedAt.getTime() > DUPLICATE_CHECK_MS
    )
      return {
        kind: 'UNAVAILABLE',
        detail: `PayPal checks a sender_batch_id for duplicates for 30 days only, and ${submission.withdrawalId} is older: a retry could pay twice, reconcile by hand`,
      };
    const signal = AbortSignal.timeout(this.timeoutMs);
    const created = await this.http.call('POST', '/v1/payments/payouts', this.payoutOf(submission), signal);
    if (!created.ok) return { kind: 'UNAVAILABLE', detail: created.error };
    const outcome = outcomeOfCreate(created.value, this.clock.now());
    if (outcome.kind !== 'DUPLICATE') return outcome;
    if (outcome.batchId === null)
      return {
        kind: 'UNAVAILABLE',
        detail: `PayPal holds a batch for ${submission.withdrawalId} but did not link it: reconcile by hand`,
      };
    return this.adopt(outcome.batchId, submission.withdrawalId, signal);
  }

  async status(query: RailStatusQuery): Promise<RailStatus> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    const path = `/v1/payments/payouts/${encodeURIComponent(query.reference)}`;
    const shown = await this.http.call('GET', path, undefined, signal);
    if (!shown.ok) return { kind: 'UNAVAILABLE', detail: shown.error };
    const { status, body } = shown.value;
    // Even a 404 is not taken as FAILED: the batch id came from PayPal, so a payout may exist that this
    // configuration cannot see (a wrong base URL), and failing would refund a withdrawal PayPal may have paid.
    if (status !== 200) return unansweredRead('PayPal', shown.value, path, this.clock.now());
    return railStatusOfBatch(body, query.withdrawalId);
  }

  /** The batch a duplicate points at, once PayPal confirms it is this withdrawal's. */
  private async adopt(batchId: string, withdrawalId: string, signal: AbortSignal): Promise<RailSubmitResult> {
    const path = `/v1/payments/payouts/${encodeURIComponent(batchId)}`;
    const shown = await this.http.call('GET', path, undefined, signal);
    if (!shown.ok) return { kind: 'UNAVAILABLE', detail: shown.error };
    const header = asObject(asObject<PayPalBatchBody>(shown.value.body).batch_header);
    const senderBatchId = text(asObject(header.sender_batch_header).sender_batch_id);
    if (shown.value.status !== 200 || senderBatchId !== withdrawalId)
      return {
        kind: 'UNAVAILABLE',
        detail: `PayPal answered ${shown.value.status} for the duplicate's original batch ${batchId}`,
      };
    return { kind: 'ACCEPTED', reference: batchId };
  }

  private payoutOf(submission: RailSubmission) {
    const { details } = submission.destination;
    const type = details.paypalDestinationType?.toUpperCase() ?? 'EMAIL';
    const recipient =
      this.id === 'VENMO'
        ? venmoRecipient(details.username ?? '')
        : { recipient_type: RECIPIENT_TYPES.has(type) ? type : 'EMAIL', receiver: details.username };
    return {
      sender_batch_header: { sender_batch_id: submission.withdrawalId },
      items: [
        {
          ...recipient,
          amount: { value: submission.amount.toString(), currency: submission.currency },
          note: submission.description,
          recipient_wallet: this.id,
          sender_item_id: submission.withdrawalId,
        },
      ],
    };
  }
}
