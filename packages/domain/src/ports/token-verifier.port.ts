import type { DomainError } from '../shared/domain-error.js';
import type { Result } from '../shared/result.js';

export type Scope = 'external.apis' | 'merchant.apis' | 'operator';

/** Who is calling, from a verified access token (docs/product.md §2). */
export interface Principal {
  readonly subject: string;
  readonly merchantId: string | null;
  readonly entityId: string | null;
  readonly scopes: ReadonlySet<string>;
}

/**
 * Verifies a bearer access token: signature with the pinned algorithms, `exp`, `nbf`, `iss`, `aud`.
 * Returns `UNAUTHORIZED` for anything wrong; never throws for a bad token.
 */
export interface TokenVerifier {
  verify(token: string): Promise<Result<Principal, DomainError>>;
}
