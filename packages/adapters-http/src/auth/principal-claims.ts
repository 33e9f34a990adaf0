import type { Principal } from '@payout/domain';
import { canonicalUuid } from '../ids/canonical-uuid.js';

const INVALID = Symbol('invalid');
const UUID_URN = 'urn:uuid:';

/**
 * The characters an identity provider's subject ids are made of: Keycloak's and Cognito's UUIDs, Okta's and Entra's
 * base62 and base64url ids, Auth0's `provider|id`, client ids such as `id@clients`, e-mail addresses, URNs. Nothing
 * else: whitespace, control characters, braces, quotes and non-ASCII letters would let one subject be spelt in two
 * ways (`{id}`, ` id`, a homoglyph) that a string comparison tells apart.
 */
const SUBJECT = /^[A-Za-z0-9._~:|@+=/-]{1,255}$/;

/** An id claim: absent (or empty) is null; else it must be a UUID (the service's ids are), lower-cased. */
function idClaim(value: unknown): string | null | typeof INVALID {
  if (value === undefined || value === null || value === '') return null;
  return canonicalUuid(value) ?? INVALID;
}

/**
 * `sub` in its one spelling, lower case (a UUID's URN as the UUID), or null when it is not a subject id. Lower case for every subject, not
 * only UUIDs: four eyes must hold whatever the spelling, and no identity provider issues two principals whose ids
 * differ only in letter case.
 */
const subjectClaim = (value: unknown): string | null => {
  if (typeof value !== 'string' || !SUBJECT.test(value)) return null;
  const subject = value.toLowerCase();
  // RFC 4122's URN of a UUID is that UUID.
  return subject.startsWith(UUID_URN) ? (canonicalUuid(subject.slice(UUID_URN.length)) ?? subject) : subject;
};

/**
 * The principal a verified token names (docs/product.md §2), or null when its claims cannot name one: the one place
 * where claims become ids, so that every comparison (the approver against the requester, the rate-limit key, the
 * tenancy of every row) sees one spelling. `merchant_id` and `entity_id` are ids of the service's rows, so anything
 * but a UUID is refused rather than carried to a query; `sub` is the issuer's principal id (subjectClaim).
 */
export function principalFromClaims(claims: Readonly<Record<string, unknown>>): Principal | null {
  const { scope } = claims;
  const subject = subjectClaim(claims.sub);
  if (subject === null || typeof scope !== 'string') return null;
  const merchantId = idClaim(claims.merchant_id);
  const entityId = idClaim(claims.entity_id);
  if (merchantId === INVALID || entityId === INVALID) return null;
  return { subject, merchantId, entityId, scopes: new Set(scope.split(' ').filter(Boolean)) };
}
