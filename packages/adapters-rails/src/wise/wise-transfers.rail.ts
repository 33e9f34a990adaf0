import {
  FAILURE_REASONS,
  type PayoutRail,
  type RailStatus,
  type RailStatusQuery,
  type RailSubmission,
  type RailSubmitResult,
} from '@payout/domain';
import { globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asObject, text } from '../http/json-fields.js';
import { JsonHttpClient } from '../http/json-http.client.js';
import { pollIntervalOf, type RailHttpOptions } from '../http/rail-http-options.js';
import type { WiseQuoteBody, WiseRecipientBody, WiseTransferBody } from './wise-api.types.js';
import { fundingRefusalOf, refusalOf, type WiseStep } from './wise-refusal.mapping.js';
import {
  FUND_FROM_BALANCE,
  quoteJson,
  recipientJson,
  transferJson,
} from './wise-transfer-request.mapping.js';
import { railStatusOfTransfer } from './wise-transfer-status.mapping.js';

export interface WiseTransferRailOptions extends RailHttpOptions {
  /** The Wise Platform API token (a personal or business token), sent as a bearer token. */
  readonly apiToken: string;
  /** The business profile the transfers are made and funded from. */
  readonly profileId: string;
  /** https://api.wise.com, or https://api.sandbox.transferwise.tech for Wise's sandbox. */
  readonly baseUrl: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * A SWIFT payment takes hours to days: asking every ten minutes costs little. A beneficiary bank sends a payment
 * it cannot apply back within days, sometimes several weeks (Wise, "Tracking transfers"), and Wise refunds it
 * after that: 45 days, first after six hours, then at widening gaps.
 */
const DEFAULT_POLL_INTERVAL_MS = 10 * 60_000;
const DEFAULT_RETURN_WINDOW_MS = 45 * DAY_MS;
const DEFAULT_RETURN_POLL_INTERVAL_MS = 6 * HOUR_MS;
/** A created transfer not yet funded: the only status in which the funding call is (re)made. */
const UNFUNDED = 'incoming_payment_waiting';
/** Wise's ids are numbers in JSON; a string form is kept as the reference. */
const idOf = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : text(value);

/**
 * The SWIFT rail on Wise Platform's send-money flow: a quote, a recipient account from the link's details, a
 * transfer keyed by the withdrawal id (`customerTransactionId`), then its funding from our Wise balance. A retry
 * after an unknown outcome repeats the quote and the recipient account (neither moves money), gets the same
 * transfer back, and funds it only while Wise shows it unfunded: it never pays twice. The reference is Wise's
 * transfer id, and the status is read by a GET of the transfer. Never throws: no answer within `timeoutMs`, a
 * network failure, a 5xx or a 429 is UNAVAILABLE.
 */
export class WiseTransferRail implements PayoutRail {
  readonly provider = 'wise';
  readonly id = 'SWIFT' as const;
  readonly pollIntervalMs: number;
  readonly returnWindowMs: number;
  readonly returnPollIntervalMs: number;
  private readonly http: JsonHttpClient;

  constructor(private readonly options: WiseTransferRailOptions) {
    this.pollIntervalMs = pollIntervalOf(options, DEFAULT_POLL_INTERVAL_MS);
    this.returnWindowMs = options.returnWindowMs ?? DEFAULT_RETURN_WINDOW_MS;
    this.returnPollIntervalMs = options.returnPollIntervalMs ?? DEFAULT_RETURN_POLL_INTERVAL_MS;
    this.http = new JsonHttpClient(
      'Wise',
      trimBaseUrl(options.baseUrl),
      `Bearer ${options.apiToken}`,
      options.fetch ?? globalFetch,
    );
  }

  async submit(submission: RailSubmission): Promise<RailSubmitResult> {
    if (!submission.amount.isPositive())
      return { kind: 'REJECTED', reason: FAILURE_REASONS.GENERAL, detail: 'not a payable amount' };
    const result = await this.attempt(submission);
    // A retry comes after an attempt whose outcome is unknown, which may have made and funded the transfer: a refusal
    // now (of a fresh quote, or of funding again) says nothing about that one, so it is no reason to fail.
    return result.kind === 'REJECTED' && submission.attempt > 1
      ? {
          kind: 'UNAVAILABLE',
          detail: `${result.detail}, on a retry after an unknown outcome: reconcile by hand`,
        }
      : result;
  }

  private async attempt(submission: RailSubmission): Promise<RailSubmitResult> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const profile = encodeURIComponent(this.options.profileId);
    const recipient = await this.create(
      'recipient account',
      '/v1/accounts',
      recipientJson(submission, this.options.profileId),
      signal,
    );
    if (recipient.kind !== 'CREATED') return recipient;
    const recipientId = Number(idOf(asObject<WiseRecipientBody>(recipient.body).id));
    if (!Number.isSafeInteger(recipientId))
      return { kind: 'UNAVAILABLE', detail: 'Wise answered a recipient account without its id' };
    const quote = await this.create(
      'quote',
      `/v3/profiles/${profile}/quotes`,
      quoteJson(submission, recipientId),
      signal,
    );
    if (quote.kind !== 'CREATED') return quote;
    const quoteId = text(asObject<WiseQuoteBody>(quote.body).id);
    if (!quoteId) return { kind: 'UNAVAILABLE', detail: 'Wise answered a quote without its id' };
    const transfer = await this.create(
      'transfer',
      '/v1/transfers',
      transferJson(submission, { quoteId, recipientId }),
      signal,
    );
    if (transfer.kind !== 'CREATED') return transfer;
    const shown = asObject<WiseTransferBody>(transfer.body);
    const reference = idOf(shown.id);
    if (!reference || text(shown.customerTransactionId) !== submission.withdrawalId)
      return {
        kind: 'UNAVAILABLE',
        detail: `Wise answered the transfer for ${submission.withdrawalId} without its id or key: reconcile by hand`,
      };
    if (text(shown.status) !== UNFUNDED) return { kind: 'ACCEPTED', reference };
    // On a retry the transfer is read again before funding: an earlier attempt's funding may have gone through
    // after the transfer was shown, and funding twice must never be tried.
    if (submission.attempt > 1) {
      const again = await this.transfer(reference, signal);
      if (again.kind !== 'READ') return again;
      if (text(asObject<WiseTransferBody>(again.body).status) !== UNFUNDED)
        return { kind: 'ACCEPTED', reference };
    }
    const path = `/v3/profiles/${profile}/transfers/${encodeURIComponent(reference)}/payments`;
    const funded = await this.create('funding', path, FUND_FROM_BALANCE, signal);
    if (funded.kind !== 'CREATED') return funded;
    return fundingRefusalOf(funded.body) ?? { kind: 'ACCEPTED', reference };
  }

  async status(query: RailStatusQuery): Promise<RailStatus> {
    const shown = await this.transfer(query.reference, AbortSignal.timeout(this.options.timeoutMs));
    return shown.kind === 'READ' ? railStatusOfTransfer(shown.body) : shown;
  }

  /** `GET /v1/transfers/{id}`: its body, or unavailable (JsonHttpClient.read: a 404 is no answer either). */
  private transfer(reference: string, signal: AbortSignal) {
    return this.http.read(`/v1/transfers/${encodeURIComponent(reference)}`, signal, this.options.clock.now());
  }

  /** One POST of the flow: its body on a 2xx, else what the refusal means for the withdrawal. */
  private async create(
    step: WiseStep,
    path: string,
    json: string,
    signal: AbortSignal,
  ): Promise<
    { kind: 'CREATED'; body: unknown } | Exclude<RailSubmitResult, { kind: 'ACCEPTED' | 'SETTLED' }>
  > {
    const answered = await this.http.call({ method: 'POST', path, json }, signal);
    if (!answered.ok) return { kind: 'UNAVAILABLE', detail: answered.error };
    const { status, body } = answered.value;
    return status >= 200 && status < 300
      ? { kind: 'CREATED', body }
      : refusalOf(step, answered.value, this.options.clock.now());
  }
}
