import type { Principal } from '../../../ports/token-verifier.port.js';
import type { Withdrawal } from '../../../withdrawal/withdrawal.js';

/**
 * Who may read a transaction: its merchant with `merchant.apis`, or its owning entity with `external.apis`.
 * Anyone else gets the same answer as for an id that does not exist.
 */
export const canRead = (
  principal: Principal,
  withdrawal: Pick<Withdrawal, 'merchantId' | 'entityId'>,
  allowEntity: boolean,
): boolean => {
  if (principal.merchantId !== withdrawal.merchantId) return false;
  if (principal.scopes.has('merchant.apis')) return true;
  return allowEntity && principal.scopes.has('external.apis') && principal.entityId === withdrawal.entityId;
};

export const isReader = (principal: Principal): boolean =>
  principal.scopes.has('merchant.apis') || principal.scopes.has('external.apis');
