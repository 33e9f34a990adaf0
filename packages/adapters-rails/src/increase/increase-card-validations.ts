import type { Clock } from '@payout/domain';
import type { IncreaseCardSender } from './increase-card-push-request.mapping.js';
import {
  type CardValidationOutcome,
  cardValidationOutcome,
  cardValidationRequestOf,
} from './increase-card-validation.mapping.js';
import type { IncreaseHttpClient } from './increase-http.client.js';

/** The one validation of a card token: the token is the key, so the link and every payout ask about the same one. */
const keyOf = (cardTokenId: string): string => `card_validation_${cardTokenId}`;

/**
 * Increase's Card Validations (`POST /card_validations`, a $0 message to the card's issuer), one per vaulted card:
 * created with the card token as its idempotency key, so asking again answers the validation already made, in its
 * current state. Increase runs a validation asynchronously (created `pending_submission`, then `complete` or
 * `declined`: increase.com/documentation/sending-card-validations); asking is how its outcome is read.
 */
export class IncreaseCardValidations {
  constructor(
    private readonly http: IncreaseHttpClient,
    private readonly accountId: string,
    private readonly sender: IncreaseCardSender,
    private readonly clock: Clock,
  ) {}

  async validate(
    cardTokenId: string,
    signal: AbortSignal,
  ): Promise<Exclude<CardValidationOutcome, { kind: 'KEY_USED' }>> {
    const created = await this.http.call(
      {
        method: 'POST',
        path: '/card_validations',
        payload: cardValidationRequestOf(cardTokenId, this.accountId, this.sender),
        idempotencyKey: keyOf(cardTokenId),
      },
      signal,
    );
    if (!created.ok) return { kind: 'UNAVAILABLE', detail: created.error };
    const outcome = cardValidationOutcome(created.value, this.clock.now());
    if (outcome.kind !== 'KEY_USED') return outcome;
    // The key made a validation with other arguments (the sender's details changed since): that one is the card's.
    const path = `/card_validations/${encodeURIComponent(outcome.transferId)}`;
    const shown = await this.http.call({ method: 'GET', path }, signal);
    if (!shown.ok) return { kind: 'UNAVAILABLE', detail: shown.error };
    const read = cardValidationOutcome(shown.value, this.clock.now());
    return read.kind === 'KEY_USED' || read.kind === 'REJECTED'
      ? { kind: 'UNAVAILABLE', detail: `Increase answered ${shown.value.status} for ${path}` }
      : read;
  }
}
