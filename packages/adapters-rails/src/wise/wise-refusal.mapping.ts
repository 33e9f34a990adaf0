import { FAILURE_REASONS, type RailSubmitResult } from '@payout/domain';
import { asArray, asObject, text } from '../http/json-fields.js';
import type { JsonResponse } from '../http/json-http.client.js';
import { retryAfterHeaderSeconds, unavailableFor } from '../http/retry-after.js';
import type { WiseErrorBody, WiseErrorItem } from './wise-api.types.js';

/** The calls of one submission, in order; a refusal names the one that was refused. */
export type WiseStep = 'quote' | 'recipient account' | 'transfer requirements' | 'transfer' | 'funding';

type Refusal = Extract<RailSubmitResult, { kind: 'REJECTED' | 'UNAVAILABLE' }>;

/**
 * Answers after which a later try may work and nothing was paid: our token or its scope (401, 403), a wrong base
 * URL or profile (404), a conflict (409), a rate limit (429). Every step is safe to repeat: quotes and recipient
 * accounts move no money, and the transfer is keyed by the withdrawal id.
 */
const RETRYABLE_4XX = new Set([401, 403, 404, 408, 409, 429]);

/** Wise's first error code and the field it names; never `message` or `arguments`, which may echo the values. */
function firstError(body: unknown): { code?: string; path?: string } {
  const error = asObject<WiseErrorBody>(body);
  const item = asObject<WiseErrorItem>(asArray<unknown>(error.errors)[0]);
  return { code: text(item.code) ?? text(error.code) ?? text(error.error), path: text(item.path) };
}

/**
 * What a non-2xx answer to one step means: UNAVAILABLE when a retry may work, else REJECTED with Wise's error
 * code. A refused recipient account is the destination's fault (a bad BIC or account number); any other
 * refusal is the general reason. The detail names the step, status, code and field, never a value.
 */
export function refusalOf(step: WiseStep, response: JsonResponse, now: Date): Refusal {
  const { status } = response;
  const { code, path } = firstError(response.body);
  const summary = `Wise answered ${status} to the ${step}${code ? ` (${code}${path ? ` on ${path}` : ''})` : ''}`;
  if (status >= 500 || status < 400 || RETRYABLE_4XX.has(status))
    return unavailableFor(
      summary,
      status === 429 || status === 503 ? retryAfterHeaderSeconds(response.retryAfter, now) : null,
    );
  const reason = step === 'recipient account' ? FAILURE_REASONS.RECIPIENT_NOT_FOUND : FAILURE_REASONS.GENERAL;
  return { kind: 'REJECTED', reason, detail: summary, ...(code ? { code } : {}) };
}

/**
 * A 2xx to the funding call is COMPLETED, or REJECTED with an `errorCode`. Too little money in our balance is our
 * fault, not the recipient's: UNAVAILABLE, so the retry (which finds the same transfer) funds it once the balance
 * is topped up. Any other rejection is final; the unfunded transfer moves no money and Wise cancels it.
 */
export function fundingRefusalOf(body: unknown): Refusal | null {
  const funding = asObject<{ status?: unknown; errorCode?: unknown }>(body);
  if (text(funding.status) === 'COMPLETED') return null;
  const code = text(funding.errorCode);
  if (code === undefined || /insufficient/i.test(code))
    return {
      kind: 'UNAVAILABLE',
      detail: `Wise did not fund the transfer from the balance (${code ?? 'no code'})`,
    };
  return {
    kind: 'REJECTED',
    reason: FAILURE_REASONS.GENERAL,
    detail: `Wise refused to fund the transfer from the balance (${code})`,
    code,
  };
}
