import {
  createLocalJWKSet,
  type FlattenedJWSInput,
  type JSONWebKeySet,
  type JWSHeaderParameters,
} from 'jose';
import type { JwtKeySource, VerifyingKey } from './jwt-key-source.js';

export interface JwksKeysOptions {
  /** The identity provider's JWKS document (JWT_JWKS_URL). */
  readonly url: string;
  readonly fetch?: typeof fetch;
  /** The clock of the cache, in ms (tests). */
  readonly now?: () => number;
  /** One fetch of the document may take this long. */
  readonly timeoutMs?: number;
  /** A token naming a key the set lacks fetches the set again at most this often. */
  readonly cooldownMs?: number;
  /** How long a set is fresh when the provider's answer says nothing (no Cache-Control max-age). */
  readonly defaultMaxAgeMs?: number;
}

/** The provider says how long its set is fresh; within these bounds, so that neither it nor we are flooded. */
const MAX_AGE_FLOOR_MS = 30_000;
const MAX_AGE_CEILING_MS = 24 * 3600_000;
/** While the provider cannot be reached, the last set it gave keeps verifying, for this long past its freshness. */
const STALE_LIMIT_MS = 24 * 3600_000;
const MAX_DOCUMENT_BYTES = 512 * 1024;

/** No key set could be had: a fault of ours to answer 503, not the client's token to refuse. */
export class JwksUnavailableError extends Error {
  override readonly name = 'JwksUnavailableError';
}

interface KeySet {
  readonly select: ReturnType<typeof createLocalJWKSet>;
  readonly text: string;
  readonly fetchedAt: number;
  readonly freshUntil: number;
}

/** `max-age` of a Cache-Control header in ms (no-cache and no-store: 0), or null when it gives none. */
function maxAgeOf(cacheControl: string | null): number | null {
  if (!cacheControl) return null;
  if (/(^|,)\s*(no-cache|no-store)\s*(,|$)/i.test(cacheControl)) return 0;
  const seconds = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl)?.[1];
  return seconds === undefined ? null : Number(seconds) * 1000;
}

/**
 * The signing keys of an identity provider, from its JWKS URL, through jose's key selection (by `kid` and `alg`,
 * honouring `use` and `key_ops`). The set is kept as long as the provider's Cache-Control says (within bounds), read
 * again at once when a token names a key it lacks (at most once per cooldown), and kept past its freshness while
 * the provider cannot be reached. Each new set is a new generation: tokens verified with an earlier one are checked
 * again, so that a key the provider removed stops verifying even for tokens seen before.
 */
export class JwksKeys implements JwtKeySource {
  private set: KeySet | null = null;
  private loading: Promise<void> | null = null;
  private lastAttemptAt = Number.NEGATIVE_INFINITY;
  private generations = 0;
  private readonly now: () => number;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: JwksKeysOptions) {
    this.now = options.now ?? Date.now;
    this.fetch = options.fetch ?? fetch;
  }

  generation(): number {
    return this.generations;
  }

  /** Reads the set again when it is no longer fresh (and a read has not just failed). */
  async refresh(): Promise<void> {
    const now = this.now();
    if (this.set && now < this.set.freshUntil) return;
    if (this.set && now - this.lastAttemptAt < this.cooldownMs) return;
    await this.load();
  }

  async key(header: JWSHeaderParameters, token: FlattenedJWSInput): Promise<VerifyingKey> {
    await this.refresh();
    const set = this.set;
    if (!set) throw new JwksUnavailableError('no key set from the identity provider yet');
    try {
      return await set.select(header, token);
    } catch (error) {
      const unknownKey = (error as { code?: string }).code === 'ERR_JWKS_NO_MATCHING_KEY';
      if (!unknownKey || this.now() - this.lastAttemptAt < this.cooldownMs) throw error;
      await this.load();
      return (this.set ?? set).select(header, token);
    }
  }

  private get cooldownMs(): number {
    return this.options.cooldownMs ?? 30_000;
  }

  /** One read at a time; a failed read keeps the set there was, until it is STALE_LIMIT_MS past fresh. */
  private load(): Promise<void> {
    this.loading ??= this.read().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    this.lastAttemptAt = this.now();
    try {
      const answer = await this.fetch(this.options.url, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      });
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`the JWKS URL answered ${answer.status}`);
      if (text.length > MAX_DOCUMENT_BYTES) throw new Error('the JWKS document is too large');
      const jwks = JSON.parse(text) as JSONWebKeySet;
      if (!Array.isArray(jwks?.keys)) throw new Error('the JWKS document has no keys');
      const maxAge = maxAgeOf(answer.headers.get('cache-control')) ?? this.options.defaultMaxAgeMs ?? 600_000;
      const bounded = Math.min(MAX_AGE_CEILING_MS, Math.max(MAX_AGE_FLOOR_MS, maxAge));
      if (text !== this.set?.text) this.generations += 1;
      const fetchedAt = this.now();
      this.set = { select: createLocalJWKSet(jwks), text, fetchedAt, freshUntil: fetchedAt + bounded };
    } catch (error) {
      if (this.set && this.now() - this.set.freshUntil > STALE_LIMIT_MS) {
        this.set = null;
        this.generations += 1;
      }
      if (!this.set)
        throw new JwksUnavailableError(`the JWKS URL cannot be read: ${(error as Error).message}`);
    }
  }
}
