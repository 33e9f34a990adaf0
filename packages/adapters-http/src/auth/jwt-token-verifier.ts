import { createPublicKey, createSecretKey } from 'node:crypto';
import { domainError, err, MESSAGES, ok, type TokenVerifier } from '@payout/domain';
import { type JWTPayload, jwtVerify } from 'jose';
import { JwksKeys, JwksUnavailableError } from './jwks-keys.js';
import { type JwtKeySource, staticKey } from './jwt-key-source.js';
import { principalFromClaims } from './principal-claims.js';
import { VerifiedTokens } from './verified-tokens.js';

export type JwtAlgorithm =
  | 'HS256'
  | 'HS384'
  | 'HS512'
  | 'RS256'
  | 'RS384'
  | 'RS512'
  | 'ES256'
  | 'ES384'
  | 'ES512';

export interface JwtVerifierOptions {
  /** HMAC secret (HS*); exactly one of `secret`, `publicKey`, `jwksUrl` and `keys`. */
  readonly secret?: string | null;
  /** PEM public key (RS*, ES*). */
  readonly publicKey?: string | null;
  /** The identity provider's JWKS document (RS*, ES*), its keys chosen by `kid` (JwksKeys). */
  readonly jwksUrl?: string | null;
  /** Keys from elsewhere (tests); asymmetric algorithms only. */
  readonly keys?: JwtKeySource;
  readonly algorithms: readonly string[];
  readonly issuer?: string | null;
  readonly audience?: string | null;
  /** Verified tokens remembered until their `exp` (VerifiedTokens); 0 checks every token every time. */
  readonly cacheSize?: number;
  /** The clock of `exp`, `nbf` and the JWKS cache, in ms (tests). */
  readonly now?: () => number;
  /** How the JWKS document is fetched (tests). */
  readonly fetch?: typeof fetch;
}

const unauthorized = () => err(domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));

function keySource(options: JwtVerifierOptions): JwtKeySource {
  const { secret, publicKey, jwksUrl, keys } = options;
  if ([secret, publicKey, jwksUrl, keys].filter(Boolean).length !== 1)
    throw new Error('JwtTokenVerifier needs exactly one of secret, publicKey, jwksUrl and keys');
  if (secret) return staticKey(createSecretKey(Buffer.from(secret, 'utf8')));
  if (publicKey) return staticKey(createPublicKey(publicKey));
  if (jwksUrl)
    return new JwksKeys({
      url: jwksUrl,
      ...(options.now ? { now: options.now } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  return keys as JwtKeySource;
}

/**
 * docs/product.md §2, verified by jose. The algorithm list is pinned and must match the key kind, so `alg: none`
 * and HS/RS confusion (an HS256 token signed with the public key as its secret) can never verify; `exp` is required.
 * A JWKS that cannot be read at all is thrown (JwksUnavailableError): the API answers 503, the token is not at
 * fault.
 */
export class JwtTokenVerifier implements TokenVerifier {
  private readonly keys: JwtKeySource;
  private readonly algorithms: string[];
  private readonly verified: VerifiedTokens;
  private readonly now: () => number;
  private generation: number;

  constructor(private readonly options: JwtVerifierOptions) {
    const { secret, algorithms } = options;
    if (algorithms.length === 0) throw new Error('JwtTokenVerifier needs at least one algorithm');
    const hmac = algorithms.filter((a) => a.startsWith('HS'));
    if (secret && hmac.length !== algorithms.length)
      throw new Error('a JWT secret verifies HS* algorithms only');
    if (!secret && hmac.length > 0) throw new Error('a public key or a JWKS must not verify HS* algorithms');
    if (algorithms.some((a) => a === 'none' || !/^(HS|RS|ES)(256|384|512)$/.test(a)))
      throw new Error(`unsupported JWT algorithm in ${algorithms.join(',')}`);
    this.keys = keySource(options);
    this.algorithms = [...algorithms];
    this.now = options.now ?? Date.now;
    this.verified = new VerifiedTokens(options.cacheSize, this.now);
    this.generation = this.keys.generation();
  }

  async verify(token: string) {
    await this.keys.refresh();
    if (this.keys.generation() !== this.generation) {
      this.generation = this.keys.generation();
      this.verified.clear();
    }
    const known = this.verified.get(token);
    if (known) return ok(known);
    let claims: JWTPayload;
    try {
      const verified = await jwtVerify(token, (header, input) => this.keys.key(header, input), {
        algorithms: this.algorithms,
        requiredClaims: ['exp'],
        currentDate: new Date(this.now()),
        ...(this.options.issuer ? { issuer: this.options.issuer } : {}),
        ...(this.options.audience ? { audience: this.options.audience } : {}),
      });
      claims = verified.payload;
    } catch (error) {
      if (error instanceof JwksUnavailableError) throw error;
      return unauthorized();
    }
    const principal = principalFromClaims(claims);
    if (typeof claims.exp !== 'number' || !principal) return unauthorized();
    this.verified.remember(token, principal, claims.exp * 1000);
    return ok(principal);
  }
}
