import type { RailSubmitResult } from '@payout/domain';
import type Increase from 'increase';
import { asObject, text } from '../http/json-fields.js';
import type { Strict } from '../http/sdk-params.js';
import type { IncreaseCardSender } from './increase-card-push-request.mapping.js';
import { type KeyAlreadyUsed, outcomeOfCreate } from './increase-create-transfer.mapping.js';
import type { IncreaseResponse } from './increase-http.client.js';

/**
 * What Increase holds of a card's validation: the issuer accepted the $0 check (`COMPLETE`), declined it
 * (`DECLINED`, with Increase's reason), or has not answered yet (`PENDING`: queued, sent, or held for an Increase
 * operator); or the create was refused or not answered, as a transfer's create would be.
 */
export type CardValidationOutcome =
  | { readonly kind: 'COMPLETE'; readonly id: string }
  | { readonly kind: 'DECLINED'; readonly id: string; readonly reason: string }
  | { readonly kind: 'PENDING'; readonly id: string; readonly status: string }
  | KeyAlreadyUsed
  | Extract<RailSubmitResult, { kind: 'REJECTED' | 'UNAVAILABLE' }>;

type Status = Increase.CardValidation['status'];

/** Every status of the SDK's `CardValidation`, so a status Increase adds fails the build until it is placed here. */
const FINAL: Readonly<Record<Status, 'COMPLETE' | 'DECLINED' | 'PENDING'>> = {
  pending_submission: 'PENDING',
  submitted: 'PENDING',
  requires_attention: 'PENDING',
  complete: 'COMPLETE',
  declined: 'DECLINED',
};

/**
 * The create body of a Card Validation (the SDK's `CardValidationCreateParams`): the card by its vault token, sent
 * from our account by the business the card networks show on card payouts. No cardholder name or address is
 * sent: the link collects one name field, which cannot be split into first and last names without guessing.
 */
export function cardValidationRequestOf(
  cardTokenId: string,
  accountId: string,
  sender: IncreaseCardSender,
): Strict<Increase.CardValidationCreateParams> {
  return {
    account_id: accountId,
    card_token_id: cardTokenId,
    merchant_category_code: sender.categoryCode,
    merchant_city_name: sender.city,
    merchant_name: sender.name,
    merchant_postal_code: sender.postalCode,
    merchant_state: sender.state,
  };
}

/** What an answer to the create (or to a read of the validation) says; a refusal reads as a transfer's would. */
export function cardValidationOutcome(response: IncreaseResponse, now: Date): CardValidationOutcome {
  if (response.status < 200 || response.status >= 300) {
    const refused = outcomeOfCreate(response, now);
    return refused.kind === 'ACCEPTED' || refused.kind === 'SETTLED'
      ? { kind: 'UNAVAILABLE', detail: `Increase answered ${response.status} to the card validation` }
      : refused;
  }
  const shown = asObject<{ id?: unknown; status?: unknown; decline?: unknown }>(response.body);
  const id = text(shown.id);
  const status = text(shown.status);
  const final = status !== undefined && Object.hasOwn(FINAL, status) ? FINAL[status as Status] : undefined;
  if (!id || !final)
    return {
      kind: 'UNAVAILABLE',
      detail: `Increase answered a card validation without an id or a known status`,
    };
  if (final === 'COMPLETE') return { kind: 'COMPLETE', id };
  if (final === 'PENDING') return { kind: 'PENDING', id, status: status! };
  const reason = text(asObject<{ reason?: unknown }>(shown.decline).reason) ?? 'no reason given';
  return { kind: 'DECLINED', id, reason };
}
