import type { LinkKind } from '../linked-account/link-kind.js';

/** A provider's word on a recipient's details: they can receive, they cannot (which field, why), or no answer. */
export type RecipientCheck =
  | { readonly kind: 'VALID' }
  | { readonly kind: 'INVALID'; readonly field: string; readonly message: string }
  | { readonly kind: 'UNAVAILABLE'; readonly detail: string };

/**
 * Asks the provider that would pay an account of `kind` whether its details can receive, before the account is
 * linked (Increase's and Modern Treasury's routing number lookups, Increase's card validation, Wise's account
 * requirements): a bank that does not
 * exist is refused at link time rather than by a return days after a debit. `destination` is as it would be
 * stored: a card's holds its vault token, never its number. Never throws; settles within the rail timeout.
 */
export interface RecipientValidator {
  check(kind: LinkKind, destination: Readonly<Record<string, string>>): Promise<RecipientCheck>;
}

/** Where no provider offers a check: every recipient passes, and the payout's own answer is the check. */
export const UNCHECKED_RECIPIENTS: RecipientValidator = { check: async () => ({ kind: 'VALID' }) };
