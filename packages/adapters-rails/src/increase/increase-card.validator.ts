import {
  type Clock,
  FAILURE_REASONS,
  type LinkKind,
  type RecipientCheck,
  type RecipientValidator,
} from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import type { IncreaseCardSender } from './increase-card-push-request.mapping.js';
import { IncreaseCardValidations } from './increase-card-validations.js';
import { IncreaseHttpClient } from './increase-http.client.js';

export interface IncreaseCardValidatorOptions {
  readonly apiKey: string;
  readonly baseUrl: string;
  /** The account the $0 validation is sent from: the one card payouts leave from. */
  readonly accountId: string;
  readonly cardSender: IncreaseCardSender;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
}

const FIELD = 'data.cardNumber';

/**
 * A card link whose card Increase's vault tokenised, validated with Increase as it is linked: the Card Validation
 * is created then (keyed by the token), and a validation Increase already answers declined, or whose card token it
 * refuses, refuses the link. Increase usually answers a validation later than the link can wait: a pending one is
 * no answer here, and the PUSH_TO_CARD rail reads it again before every push (IncreaseTransferRail). Cards vaulted
 * elsewhere, and other kinds, are not Increase's to check.
 */
export class IncreaseCardValidator implements RecipientValidator {
  private readonly validations: IncreaseCardValidations;

  constructor(private readonly options: IncreaseCardValidatorOptions) {
    const http = new IncreaseHttpClient(
      trimBaseUrl(options.baseUrl),
      options.apiKey,
      options.fetch ?? globalFetch,
    );
    this.validations = new IncreaseCardValidations(
      http,
      options.accountId,
      options.cardSender,
      options.clock,
    );
  }

  async check(kind: LinkKind, destination: Readonly<Record<string, string>>): Promise<RecipientCheck> {
    const token = destination.cardToken;
    if (kind !== 'card' || destination.cardVault !== 'increase' || !token) return { kind: 'VALID' };
    const outcome = await this.validations.validate(token, AbortSignal.timeout(this.options.timeoutMs));
    switch (outcome.kind) {
      case 'COMPLETE':
        return { kind: 'VALID' };
      case 'DECLINED':
        return {
          kind: 'INVALID',
          field: FIELD,
          message: `${FIELD} is a card its issuer declined to validate`,
        };
      case 'PENDING':
        return { kind: 'UNAVAILABLE', detail: `Increase's validation ${outcome.id} is ${outcome.status}` };
      case 'REJECTED':
        // Only a refused card token is the card's fault; any other refusal is of our own parameters.
        return outcome.reason === FAILURE_REASONS.CARD
          ? { kind: 'INVALID', field: FIELD, message: `${FIELD} is a card that cannot receive payouts` }
          : { kind: 'UNAVAILABLE', detail: outcome.detail };
      case 'UNAVAILABLE':
        return outcome;
    }
  }
}
