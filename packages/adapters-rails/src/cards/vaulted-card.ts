import { FAILURE_REASONS, type RailSubmission, type RailSubmitResult } from '@payout/domain';

/**
 * The token a PUSH_TO_CARD rail of `vault` pays, or why it cannot pay this link: a card linked while another
 * provider served PUSH_TO_CARD holds that provider's token (docs/decisions/0003-cards-tokenised-at-link-time.md), and a `prepaid_card` link holds
 * no card at all. Either is refused before any call, with the spec's card reason: the cardholder links the card
 * again, and it is tokenised where payouts now go.
 */
export function cardTokenFor(
  submission: RailSubmission,
  vault: string,
): { readonly token: string } | Extract<RailSubmitResult, { kind: 'REJECTED' }> {
  const { cardToken, cardVault } = submission.destination.details;
  if (cardToken && cardVault === vault) return { token: cardToken };
  const detail = cardToken
    ? `the card was tokenised at ${cardVault ?? 'an unnamed vault'}, not ${vault}: link it again`
    : `the ${submission.destination.kind} link holds no card token of ${vault}: link the card again`;
  return { kind: 'REJECTED', reason: FAILURE_REASONS.CARD, detail };
}
