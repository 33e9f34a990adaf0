/** Claims of an access token the harness signs (docs/product.md §2). */
export interface TokenClaims {
  readonly sub: string;
  readonly scope: string;
  readonly merchant_id?: string;
  readonly entity_id?: string;
}

export interface MintOptions {
  /** Negative for an already expired token. Default one hour. */
  readonly expiresInSeconds?: number;
  /** Overrides the audience the app expects, to prove a wrong one is refused. */
  readonly audience?: string;
}

/**
 * What `httpApiSuite` needs from an app under test: where it listens and how to sign tokens it accepts. The app
 * must enforce an audience (JWT_AUDIENCE), count 1 withdrawal per minute, and use rails that follow the
 * sandbox cents triggers of docs/product.md §9 (at least .91 rejects, .99 is unavailable at first).
 */
export interface HttpHarness {
  readonly baseUrl: string;
  mintToken(claims: TokenClaims, options?: MintOptions): string;
  close(): Promise<void>;
}

export type MakeHttpHarness = () => Promise<HttpHarness>;
