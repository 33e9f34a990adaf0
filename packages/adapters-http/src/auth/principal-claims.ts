import type { Principal } from '@payout/domain';
import { canonicalUuid } from '../ids/canonical-uuid.js';

const INVALID = Symbol('invalid');

/** An id claim: absent (or empty) is null; else it must be a UUID (the service's ids are), lower-cased. */
function idClaim(value: unknown): string | null | typeof INVALID {
  if (value === undefined || value === null || value === '') return null;
  return canonicalUuid(value) ?? INVALID;
}

/**
 * The principal a verified token names (docs/product.md §2), or null when its claims cannot name one. `merchant_id`
 * and `entity_id` are ids of the service's rows, so anything but a UUID is refused rather than carried to a
 * query; `sub` is the issuer's principal id, which may be any string, and is lower-cased when it is a UUID, so
 * that the same id in another letter case is the same requester and the same rate-limit key.
 */
export function principalFromClaims(claims: Readonly<Record<string, unknown>>): Principal | null {
  const { sub, scope } = claims;
  if (typeof sub !== 'string' || !sub || typeof scope !== 'string') return null;
  const merchantId = idClaim(claims.merchant_id);
  const entityId = idClaim(claims.entity_id);
  if (merchantId === INVALID || entityId === INVALID) return null;
  return {
    subject: canonicalUuid(sub) ?? sub,
    merchantId,
    entityId,
    scopes: new Set(scope.split(' ').filter(Boolean)),
  };
}
