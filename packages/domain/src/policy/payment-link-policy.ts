import { type ApplicationToken, isTokenUsable } from '../application-token/application-token.js';
import type { Money } from '../money/money.js';
import { type DomainError, domainError, MESSAGES } from '../shared/domain-error.js';
import { err, ok, type Result } from '../shared/result.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';

/*
 * A payment link's rules in one place (docs/product.md §3): which wallet pays, when the debit takes the token and
 * when a failed withdrawal gives it back.
 */

const tokenInvalid = (): DomainError =>
  domainError('TOKEN_EXPIRED_OR_INACTIVE', MESSAGES.TOKEN_EXPIRED_OR_INACTIVE);

/**
 * The wallet a PAYMENT withdrawal of `amount` debits: the entity's, or the merchant's for a merchant-funded link,
 * which pays exactly its own amount. The link's token must be an active, unexpired PAYMENT_LINK token.
 */
export function paymentLinkWallet(
  token: ApplicationToken | null,
  amount: Money,
  now: Date,
  wallets: { readonly entity: string; readonly merchant: string },
): Result<string, DomainError> {
  if (token?.purpose !== 'PAYMENT_LINK' || !isTokenUsable(token, now)) return err(tokenInvalid());
  if (token.withdrawalSource !== 'MERCHANT_WALLET') return ok(wallets.entity);
  if (!token.amount?.equals(amount)) return err(domainError('MALFORMED_REQUEST', MESSAGES.MALFORMED_REQUEST));
  return ok(wallets.merchant);
}

/**
 * At the debit, on the token locked with it: it must still be usable. A merchant-funded link's token is taken
 * (INACTIVE), so that two withdrawals cannot both use it. The token to store, or null when it stays as it is.
 */
export function takeToken(
  token: ApplicationToken | null,
  now: Date,
): Result<ApplicationToken | null, DomainError> {
  if (!token || !isTokenUsable(token, now)) return err(tokenInvalid());
  return ok(token.withdrawalSource === 'MERCHANT_WALLET' ? { ...token, status: 'INACTIVE' } : null);
}

/**
 * The spec invalidates a merchant-funded link's token only once its withdrawal succeeds: a withdrawal that fails
 * before it succeeded (rejected at submission, or FAILED with no SUCCESS before) gives the token its debit took
 * back, ACTIVE again while unexpired; a return after SUCCESS keeps it spent. The token to store, or null.
 */
export function givenBackToken(
  token: ApplicationToken | null,
  failed: Withdrawal,
  now: Date,
): ApplicationToken | null {
  if (failed.history.some((change) => change.status === 'SUCCESS')) return null;
  if (token?.withdrawalSource !== 'MERCHANT_WALLET' || token.status !== 'INACTIVE') return null;
  const restored = { ...token, status: 'ACTIVE' as const };
  return isTokenUsable(restored, now) ? restored : null;
}
