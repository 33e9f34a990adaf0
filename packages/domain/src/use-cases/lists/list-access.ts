import type { Principal } from '../../ports/token-verifier.port.js';
import { domainError, MESSAGES } from '../../shared/domain-error.js';
import { err, type Result } from '../../shared/result.js';

export const unauthorized = <T>(): Result<T> => err(domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));

/** The merchant a `merchant.apis` caller acts for, or null when the caller has no such scope. */
export const merchantOf = (principal: Principal): string | null =>
  principal.scopes.has('merchant.apis') ? principal.merchantId : null;
