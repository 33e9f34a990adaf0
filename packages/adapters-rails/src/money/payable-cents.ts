import { FAILURE_REASONS, type RailId, type RailSubmission, type RailSubmitResult } from '@payout/domain';
import { cardTokenFor } from '../cards/vaulted-card.js';
import { centsOf } from './cents.js';

/**
 * What a provider's rail checks before any call: the amount as whole positive cents and, on PUSH_TO_CARD, a card
 * tokenised at this provider's vault (cardTokenFor). Anything else is refused with the spec's reason.
 */
export function payableCents(
  rail: RailId,
  submission: RailSubmission,
  vault: string,
): { readonly cents: number } | Extract<RailSubmitResult, { kind: 'REJECTED' }> {
  const cents = centsOf(submission.amount);
  if (cents === null || cents <= 0)
    return { kind: 'REJECTED', reason: FAILURE_REASONS.GENERAL, detail: 'not a payable amount' };
  if (rail === 'PUSH_TO_CARD') {
    const card = cardTokenFor(submission, vault);
    if ('kind' in card) return card;
  }
  return { cents };
}
