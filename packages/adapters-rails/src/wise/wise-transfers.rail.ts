import {
  FAILURE_REASONS,
  type PayoutRail,
  type RailStatus,
  type RailStatusQuery,
  type RailStepStore,
  type RailSubmission,
  type RailSubmitResult,
} from '@payout/domain';
import { globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asObject, text } from '../http/json-fields.js';
import { pollIntervalOf, type RailHttpOptions } from '../http/rail-http-options.js';
import { unavailable, WiseApi } from './wise-api.client.js';
import type { WiseQuoteBody, WiseRecipientBody, WiseTransferBody } from './wise-api.types.js';
import { fundingRefusalOf, type WiseStep } from './wise-refusal.mapping.js';
import { scaKeyOf } from './wise-sca.js';
import {
  quoteJson,
  recipientJson,
  swiftReference,
  transferJson,
  type WiseTransferIds,
} from './wise-transfer-request.mapping.js';
import {
  fillRequirements,
  type TransferDetails,
  type WiseTransferDetails,
} from './wise-transfer-requirements.js';
import { railStatusOfTransfer } from './wise-transfer-status.mapping.js';

export interface WiseTransferRailOptions extends RailHttpOptions {
  /** The Wise Platform API token (a personal or business token), sent as a bearer token. */
  readonly apiToken: string;
  /** The business profile the transfers are made and funded from. */
  readonly profileId: string;
  /** https://api.wise.com, or https://api.wise-sandbox.com for Wise's sandbox. */
  readonly baseUrl: string;
  /** Where each withdrawal's recipient account and quote are kept, so a retry makes neither again. */
  readonly steps: RailStepStore;
  /**
   * The PEM private key whose public half is uploaded to Wise, to sign the one-time token of an SCA-protected
   * funding; without it such a funding stays unavailable, saying why.
   */
  readonly scaPrivateKey?: string;
  /** The values of the transfer requirements Wise may ask on a route (source of funds, purpose). */
  readonly transferDetails?: WiseTransferDetails;
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
/** A requirement's answer can bring further fields; Wise's deepest routes take a few rounds, never more. */
const REQUIREMENT_ROUNDS = 4;
/** Wise's ids are numbers in JSON; a string form is kept as the reference. */
const idOf = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : text(value);
const failureOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** `work`, or a rejection once the submission's deadline passes: a slow store keeps the call within its timeout. */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const late = () => reject(new Error('timed out'));
    if (signal.aborted) late();
    signal.addEventListener('abort', late, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', late));
  });
}

/**
 * The SWIFT rail on Wise Platform's send-money flow: a recipient account from the link's details, a quote to it,
 * the route's transfer requirements, a transfer keyed by the withdrawal id (`customerTransactionId`), then its
 * funding from our Wise balance, signed when Wise asks for SCA. The recipient account and the quote are recorded
 * (RailStepStore) as soon as Wise makes them, so a retry after an unknown outcome or a crash reuses them; the
 * transfer is found again by its key, as Wise documents a repeat create; it is funded only while Wise shows it
 * unfunded: it never pays twice. The reference is Wise's transfer id, and the status is read by a GET of the
 * transfer. Never throws: no answer within `timeoutMs`, a network failure, a 5xx or a 429 is UNAVAILABLE.
 */
export class WiseTransferRail implements PayoutRail {
  readonly provider = 'wise';
  readonly id = 'SWIFT' as const;
  readonly pollIntervalMs: number;
  readonly returnWindowMs: number;
  readonly returnPollIntervalMs: number;
  private readonly wise: WiseApi;

  constructor(private readonly options: WiseTransferRailOptions) {
    this.pollIntervalMs = pollIntervalOf(options, DEFAULT_POLL_INTERVAL_MS);
    this.returnWindowMs = options.returnWindowMs ?? DEFAULT_RETURN_WINDOW_MS;
    this.returnPollIntervalMs = options.returnPollIntervalMs ?? DEFAULT_RETURN_POLL_INTERVAL_MS;
    this.wise = new WiseApi(
      trimBaseUrl(options.baseUrl),
      options.apiToken,
      options.fetch ?? globalFetch,
      options.profileId,
      options.clock,
      options.scaPrivateKey ? scaKeyOf(options.scaPrivateKey) : null,
    );
  }

  async submit(submission: RailSubmission): Promise<RailSubmitResult> {
    if (!submission.amount.isPositive())
      return { kind: 'REJECTED', reason: FAILURE_REASONS.GENERAL, detail: 'not a payable amount' };
    const result = await this.attempt(submission, AbortSignal.timeout(this.options.timeoutMs));
    // A retry comes after an attempt whose outcome is unknown, which may have made and funded the transfer: a refusal
    // now (of the transfer again, or of funding again) says nothing about that one, so it is no reason to fail.
    return result.kind === 'REJECTED' && submission.attempt > 1
      ? unavailable(`${result.detail}, on a retry after an unknown outcome: reconcile by hand`)
      : result;
  }

  private async attempt(submission: RailSubmission, signal: AbortSignal): Promise<RailSubmitResult> {
    const ids = await this.recipientAndQuote(submission, signal);
    if ('kind' in ids) return ids;
    const required = await this.requiredDetails(submission, ids, signal);
    if (required.kind !== 'DETAILS') return required;
    const json = transferJson(submission, ids, required.details);
    const transfer = await this.wise.create('transfer', '/v1/transfers', json, signal);
    if (transfer.kind !== 'CREATED') return transfer;
    const shown = asObject<WiseTransferBody>(transfer.body);
    const reference = idOf(shown.id);
    if (!reference || text(shown.customerTransactionId) !== submission.withdrawalId)
      return unavailable(
        `Wise answered the transfer for ${submission.withdrawalId} without its id or key: reconcile by hand`,
      );
    if (text(shown.status) !== UNFUNDED) return { kind: 'ACCEPTED', reference };
    // On a retry the transfer is read again before funding: an earlier attempt's funding may have gone through
    // after the transfer was shown, and funding twice must never be tried.
    if (submission.attempt > 1) {
      const again = await this.wise.transfer(reference, signal);
      if (again.kind !== 'READ') return again;
      if (text(asObject<WiseTransferBody>(again.body).status) !== UNFUNDED)
        return { kind: 'ACCEPTED', reference };
    }
    const funded = await this.wise.fund(reference, signal);
    if (funded.kind !== 'CREATED') return funded;
    return fundingRefusalOf(funded.body) ?? { kind: 'ACCEPTED', reference };
  }

  /** The withdrawal's recipient account and quote: those an earlier attempt recorded, else made and recorded. */
  private async recipientAndQuote(
    submission: RailSubmission,
    signal: AbortSignal,
  ): Promise<WiseTransferIds | RailSubmitResult> {
    let recorded: Readonly<Record<string, string>>;
    try {
      recorded = await beforeDeadline(this.options.steps.recorded(submission.withdrawalId), signal);
    } catch (error) {
      return unavailable(`Wise steps of ${submission.withdrawalId} could not be read: ${failureOf(error)}`);
    }
    const recipient = await this.made(submission, recorded, signal, 'recipient account', async () => {
      const json = recipientJson(submission, this.options.profileId);
      const made = await this.wise.create('recipient account', '/v1/accounts', json, signal);
      if (made.kind !== 'CREATED') return made;
      const id = idOf(asObject<WiseRecipientBody>(made.body).id);
      return id && /^\d+$/.test(id) ? id : unavailable('Wise answered a recipient account without its id');
    });
    if (typeof recipient !== 'string') return recipient;
    const recipientId = Number(recipient);
    const quoteId = await this.made(submission, recorded, signal, 'quote', async () => {
      const json = quoteJson(submission, recipientId);
      const made = await this.wise.create('quote', `${this.wise.profilePath}/quotes`, json, signal);
      if (made.kind !== 'CREATED') return made;
      return (
        text(asObject<WiseQuoteBody>(made.body).id) ?? unavailable('Wise answered a quote without its id')
      );
    });
    return typeof quoteId === 'string' ? { recipientId, quoteId } : quoteId;
  }

  /** The step's recorded value, or the one `make` gets from Wise, recorded before the next step is taken. */
  private async made(
    submission: RailSubmission,
    recorded: Readonly<Record<string, string>>,
    signal: AbortSignal,
    step: WiseStep,
    make: () => Promise<string | RailSubmitResult>,
  ): Promise<string | RailSubmitResult> {
    const earlier = recorded[step];
    if (earlier) return earlier;
    const value = await make();
    if (typeof value !== 'string') return value;
    try {
      return await beforeDeadline(this.options.steps.record(submission.withdrawalId, step, value), signal);
    } catch (error) {
      return unavailable(
        `Wise ${step} ${value} of ${submission.withdrawalId} was not recorded: ${failureOf(error)}`,
      );
    }
  }

  /** The transfer's details once the route's requirements are asked and met from configuration. */
  private async requiredDetails(
    submission: RailSubmission,
    ids: WiseTransferIds,
    signal: AbortSignal,
  ): Promise<{ kind: 'DETAILS'; details: TransferDetails } | RailSubmitResult> {
    let details: TransferDetails = { reference: swiftReference(submission) };
    for (let round = 0; round < REQUIREMENT_ROUNDS; round += 1) {
      const json = transferJson(submission, ids, details);
      const asked = await this.wise.create(
        'transfer requirements',
        '/v1/transfer-requirements',
        json,
        signal,
      );
      if (asked.kind !== 'CREATED') return asked;
      const filled = fillRequirements(asked.body, details, this.options.transferDetails ?? {});
      if (filled.kind === 'LACKING') return unavailable(`${filled.detail}: see docs/providers/wise.md`);
      details = filled.details;
      if (!filled.askAgain) return { kind: 'DETAILS', details };
    }
    return unavailable(`Wise kept asking new transfer requirements after ${REQUIREMENT_ROUNDS} rounds`);
  }

  async status(query: RailStatusQuery): Promise<RailStatus> {
    const shown = await this.wise.transfer(query.reference, AbortSignal.timeout(this.options.timeoutMs));
    return shown.kind === 'READ' ? railStatusOfTransfer(shown.body) : shown;
  }
}
