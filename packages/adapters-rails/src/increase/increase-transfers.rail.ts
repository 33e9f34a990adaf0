import type {
  PayoutRail,
  RailFindResult,
  RailStatus,
  RailStatusQuery,
  RailSubmission,
  RailSubmitResult,
} from '@payout/domain';
import { globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asObject, text } from '../http/json-fields.js';
import {
  ProviderHttpRail,
  type RailHttpOptions,
  type RailTimingDefaults,
} from '../http/rail-http-options.js';
import { payableCents } from '../money/payable-cents.js';
import type { IncreaseRailId, IncreaseTransferBody } from './increase-api.types.js';
import { cardDeclineReason } from './increase-card-decline.mapping.js';
import { IncreaseCardValidations } from './increase-card-validations.js';
import { outcomeOfCreate } from './increase-create-transfer.mapping.js';
import { IncreaseHttpClient } from './increase-http.client.js';
import {
  type IncreaseAccounts,
  TRANSFER_PATHS,
  transferRequestOf,
} from './increase-transfer-request.mapping.js';
import { railStatusOfTransfer } from './increase-transfer-status.mapping.js';

/** Polling and the return window default per rail (below) unless set. */
export interface IncreaseTransferRailOptions extends RailHttpOptions, IncreaseAccounts {
  readonly id: IncreaseRailId;
  readonly apiKey: string;
  /** https://api.increase.com, or https://sandbox.increase.com for Increase's sandbox. */
  readonly baseUrl: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Per rail: how often to ask while not final (Increase submits ACH files about every 30 minutes and the status
 * carries the expected settlement, which the worker waits for; RTP completes in seconds; Fedwire in minutes), and
 * how long a return can follow settlement (docs/returns.md). An ACH entry to a consumer account can be returned for
 * sixty days (Increase, "ACH returns"; most returns and every Notification of Change come within two banking days):
 * watched for 60 days at widening gaps. RTP payments are final. A wire the beneficiary bank sends back turns the
 * transfer `reversed` (with its `reversal`), days or weeks after it completed: watched for 30 days.
 */
const DEFAULTS: Readonly<Record<IncreaseRailId, RailTimingDefaults>> = {
  ACH: { poll: 30 * 60_000, returnWindow: 60 * DAY_MS, returnPoll: 6 * HOUR_MS },
  RTP: { poll: 5_000, returnWindow: 0, returnPoll: HOUR_MS },
  WIRE: { poll: 60_000, returnWindow: 30 * DAY_MS, returnPoll: 6 * HOUR_MS },
  // The issuer answers a card push within seconds, and an accepted push is final.
  PUSH_TO_CARD: { poll: 2_000, returnWindow: 0, returnPoll: HOUR_MS },
};

/**
 * The ACH, RTP, WIRE and PUSH_TO_CARD rails on Increase's transfers API (a card push names the card by the token
 * Increase's vault gave at link time). A withdrawal is one transfer created with the withdrawal id as
 * `Idempotency-Key`: Increase creates at most one object per key and answers a repeat with the original, so a
 * retry after a lost answer never pays twice. The reference is Increase's transfer id, and the
 * status is read by a GET of the transfer. Never throws: no answer within `timeoutMs`, a network failure, a 5xx
 * or a 429 is UNAVAILABLE (outcome unknown, safe to retry with the same key).
 */
export class IncreaseTransferRail extends ProviderHttpRail<IncreaseRailId> implements PayoutRail {
  readonly provider = 'increase';
  private readonly http: IncreaseHttpClient;
  private readonly path: string;
  private readonly validations: IncreaseCardValidations | null;

  constructor(private readonly options: IncreaseTransferRailOptions) {
    super(options.id, options, DEFAULTS[options.id]);
    if (options.id === 'PUSH_TO_CARD' && !options.cardSender)
      throw new Error('Increase PUSH_TO_CARD needs the card sender (INCREASE_CARD_SENDER_*)');
    this.path = TRANSFER_PATHS[options.id];
    this.http = new IncreaseHttpClient(
      trimBaseUrl(options.baseUrl),
      options.apiKey,
      options.fetch ?? globalFetch,
    );
    this.validations = options.cardSender
      ? new IncreaseCardValidations(this.http, options.accountId, options.cardSender, options.clock)
      : null;
  }

  async submit(submission: RailSubmission): Promise<RailSubmitResult> {
    const payable = payableCents(this.id, submission, 'increase');
    if ('kind' in payable) return payable;
    const { cents } = payable;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    if (this.id === 'PUSH_TO_CARD') {
      const cleared = await this.cardCleared(submission, signal);
      if (cleared) return cleared;
    }
    const created = await this.http.call(
      {
        method: 'POST',
        path: this.path,
        payload: transferRequestOf(this.id, submission, cents, this.options),
        idempotencyKey: submission.withdrawalId,
      },
      signal,
    );
    if (!created.ok) return { kind: 'UNAVAILABLE', detail: created.error };
    const outcome = outcomeOfCreate(created.value, this.options.clock.now());
    return outcome.kind === 'KEY_USED'
      ? this.adopt(outcome.transferId, submission.withdrawalId, signal)
      : outcome;
  }

  async status(query: RailStatusQuery): Promise<RailStatus> {
    const path = `${this.path}/${encodeURIComponent(query.reference)}`;
    const shown = await this.http.read(
      path,
      AbortSignal.timeout(this.options.timeoutMs),
      this.options.clock.now(),
    );
    return shown.kind === 'READ' ? railStatusOfTransfer(this.id, shown.body) : shown;
  }

  /** The transfer created with the withdrawal id as its idempotency key (the list's `idempotency_key` filter). */
  async findPayout(withdrawalId: string): Promise<RailFindResult> {
    const path = `${this.path}?idempotency_key=${encodeURIComponent(withdrawalId)}`;
    const listed = await this.http.read(
      path,
      AbortSignal.timeout(this.options.timeoutMs),
      this.options.clock.now(),
    );
    if (listed.kind !== 'READ') return listed;
    const data = asObject<{ data?: unknown }>(listed.body).data;
    if (!Array.isArray(data))
      return { kind: 'UNAVAILABLE', detail: `Increase answered ${path} without a list` };
    const mine = data.filter(
      (transfer) => text(asObject<IncreaseTransferBody>(transfer).idempotency_key) === withdrawalId,
    );
    if (mine.length === 0) return { kind: 'NONE' };
    const reference = text(asObject<IncreaseTransferBody>(mine[0]).id);
    return mine.length === 1 && reference
      ? { kind: 'FOUND', reference }
      : {
          kind: 'UNAVAILABLE',
          detail: `Increase lists ${mine.length} transfers for ${withdrawalId}: reconcile by hand`,
        };
  }

  /**
   * Nothing (the card may be paid) once the card's validation is complete; otherwise why not yet or never
   * (docs/providers/increase.md#card-validation). A push to a card is final, so none is made before its issuer
   * accepted the validation: a declined one refuses the payout and marks the card's account unusable (the token
   * has that one validation for good, so every later push would be refused too: the card is linked again); one
   * still pending holds the payout back, retried with nothing sent. On a retry a refusal of the validation's create
   * is not final: an earlier attempt may have pushed after its validation was complete.
   */
  private async cardCleared(
    submission: RailSubmission,
    signal: AbortSignal,
  ): Promise<RailSubmitResult | null> {
    const token = submission.destination.details.cardToken ?? '';
    const outcome = await this.validations!.validate(token, signal);
    switch (outcome.kind) {
      case 'COMPLETE':
        return null;
      case 'DECLINED':
        return {
          kind: 'REJECTED',
          reason: cardDeclineReason(outcome.reason),
          detail: `Increase's validation ${outcome.id} of the card was declined: ${outcome.reason}`,
          code: outcome.reason,
          accountUnusable: true,
        };
      case 'PENDING':
        return {
          kind: 'UNAVAILABLE',
          detail: `Increase's validation ${outcome.id} of the card is ${outcome.status}: no push before it is complete`,
        };
      case 'REJECTED':
        return submission.attempt > 1
          ? { kind: 'UNAVAILABLE', detail: `${outcome.detail} on attempt ${submission.attempt}: reconcile` }
          : outcome;
      case 'UNAVAILABLE':
        return outcome;
    }
  }

  /**
   * The transfer an earlier create made with this key, once Increase confirms it is this withdrawal's on this
   * rail. Increase answers a repeat with different arguments (a description edited between attempts) this way.
   */
  private async adopt(
    transferId: string,
    withdrawalId: string,
    signal: AbortSignal,
  ): Promise<RailSubmitResult> {
    const path = `${this.path}/${encodeURIComponent(transferId)}`;
    const shown = await this.http.call({ method: 'GET', path }, signal);
    if (!shown.ok) return { kind: 'UNAVAILABLE', detail: shown.error };
    const key = text(asObject<IncreaseTransferBody>(shown.value.body).idempotency_key);
    if (shown.value.status !== 200 || key !== withdrawalId)
      return {
        kind: 'UNAVAILABLE',
        detail: `Increase holds ${transferId} for key ${withdrawalId} but answered ${shown.value.status} for ${path}: reconcile by hand`,
      };
    return { kind: 'ACCEPTED', reference: transferId };
  }
}
