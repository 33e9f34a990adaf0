import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import { domainError, err, MESSAGES, ok, type TokenVerifier } from '@payout/domain';
import jwt from 'jsonwebtoken';
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
  /** HMAC secret (HS*); exactly one of `secret` and `publicKey`. */
  readonly secret?: string | null;
  /** PEM public key (RS*, ES*). */
  readonly publicKey?: string | null;
  readonly algorithms: readonly string[];
  readonly issuer?: string | null;
  readonly audience?: string | null;
  /** Verified tokens remembered until their `exp` (VerifiedTokens); 0 checks every token every time. */
  readonly cacheSize?: number;
  /** The clock of `exp` and `nbf`, in ms (tests). */
  readonly now?: () => number;
}

const unauthorized = () => err(domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));

/**
 * docs/product.md §2. The algorithm list is pinned and must match the key kind, so `alg: none` and HS/RS confusion
 * (an HS256 token signed with the public key as its secret) can never verify; `exp` is required.
 */
export class JwtTokenVerifier implements TokenVerifier {
  /** Built once: given a string, jsonwebtoken parses it as a key on every call. */
  private readonly key: KeyObject;
  private readonly verifyOptions: jwt.VerifyOptions;
  private readonly verified: VerifiedTokens;
  private readonly now: () => number;

  constructor(options: JwtVerifierOptions) {
    const { secret, publicKey, algorithms } = options;
    if (Boolean(secret) === Boolean(publicKey))
      throw new Error('JwtTokenVerifier needs exactly one of secret and publicKey');
    if (algorithms.length === 0) throw new Error('JwtTokenVerifier needs at least one algorithm');
    const hmac = algorithms.filter((a) => a.startsWith('HS'));
    if (secret && hmac.length !== algorithms.length)
      throw new Error('a JWT secret verifies HS* algorithms only');
    if (publicKey && hmac.length > 0) throw new Error('a JWT public key must not verify HS* algorithms');
    if (algorithms.some((a) => a === 'none' || !/^(HS|RS|ES)(256|384|512)$/.test(a)))
      throw new Error(`unsupported JWT algorithm in ${algorithms.join(',')}`);
    this.key = secret ? createSecretKey(Buffer.from(secret, 'utf8')) : createPublicKey(publicKey as string);
    this.verifyOptions = {
      algorithms: [...algorithms] as jwt.Algorithm[],
      ...(options.issuer ? { issuer: options.issuer } : {}),
      ...(options.audience ? { audience: options.audience } : {}),
    };
    this.now = options.now ?? Date.now;
    this.verified = new VerifiedTokens(options.cacheSize, this.now);
  }

  async verify(token: string) {
    const known = this.verified.get(token);
    if (known) return ok(known);
    let claims: jwt.JwtPayload;
    try {
      const clockTimestamp = Math.floor(this.now() / 1000);
      const decoded = jwt.verify(token, this.key, { ...this.verifyOptions, clockTimestamp });
      if (typeof decoded === 'string') return unauthorized();
      claims = decoded;
    } catch {
      return unauthorized();
    }
    const principal = principalFromClaims(claims);
    if (typeof claims.exp !== 'number' || !principal) return unauthorized();
    this.verified.remember(token, principal, claims.exp * 1000);
    return ok(principal);
  }
}
