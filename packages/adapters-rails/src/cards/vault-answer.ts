import { err, ok, type Result } from '@payout/domain';
import type { JsonResponse } from '../http/json-http.client.js';

/** A refused card: the provider found fault with the request's values (the number, the expiry). */
const REFUSALS = new Set([400, 422]);

/**
 * What a provider's answer to a tokenisation means: the token `read` finds in a 2xx body; a refusal of the card
 * (400, 422) as an error value; anything else (our credentials, a rate limit, a 5xx, a 2xx without a token) is
 * thrown, so the link answers 503 and nothing is linked. `summary` names the status and the provider's error
 * code, never the request, which holds the card number.
 */
export function vaultAnswer(
  response: JsonResponse,
  read: (body: unknown) => string | undefined,
  summary: string,
): Result<string, string> {
  if (response.status >= 200 && response.status < 300) {
    const token = read(response.body);
    if (token) return ok(token);
  } else if (REFUSALS.has(response.status)) return err(summary);
  throw new Error(summary);
}
