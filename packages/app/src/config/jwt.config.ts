import type { Env } from './env-values.js';

/** Development only: refused in production, named in the start-up log everywhere else. */
export const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789abcdef';

const ALGORITHMS = ['HS256', 'HS384', 'HS512', 'RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512'];

/** How access tokens are verified (docs/product.md §2): with a secret, a public key or a JWKS URL. */
export interface JwtConfig {
  readonly secret: string | null;
  readonly publicKey: string | null;
  /** JWT_JWKS_URL: the identity provider's key set, its keys chosen by `kid` and rotated by the provider. */
  readonly jwksUrl: string | null;
  readonly algorithms: readonly string[];
  readonly issuer: string | null;
  readonly audience: string | null;
}

/** JWT_JWKS_URL as a URL: https in production (the keys that say who may move money), http elsewhere too. */
function jwksUrl(raw: string | undefined, production: boolean, errors: string[]): string | null {
  if (!raw) return null;
  const protocols = production ? ['https:'] : ['https:', 'http:'];
  if (URL.canParse(raw) && protocols.includes(new URL(raw).protocol)) return raw;
  errors.push(`JWT_JWKS_URL must be an ${production ? 'https' : 'http(s)'} URL (got "${raw}")`);
  return null;
}

/**
 * JWT_SECRET, JWT_PUBLIC_KEY or JWT_JWKS_URL, the pinned JWT_ALGORITHMS, JWT_ISSUER and JWT_AUDIENCE. Outside
 * production, nothing set gives the development secret; production with a JWKS requires the issuer and the
 * audience, since an identity provider's keys sign tokens for every application it serves.
 */
export function loadJwtConfig(
  env: Env,
  production: boolean,
  errors: string[],
  developmentDefaults: string[],
): JwtConfig {
  const publicKey = env.JWT_PUBLIC_KEY?.replace(/\\n/g, '\n') || null;
  const jwks = jwksUrl(env.JWT_JWKS_URL, production, errors);
  let secret = env.JWT_SECRET || null;
  // A public key has always won over a secret set beside it; a JWKS URL is one key source too many with either.
  if (env.JWT_JWKS_URL && (secret || publicKey))
    errors.push(
      'JWT_JWKS_URL must not be set with JWT_SECRET or JWT_PUBLIC_KEY: the service verifies with one',
    );
  if (!secret && !publicKey && !env.JWT_JWKS_URL) {
    if (production) errors.push('JWT_SECRET, JWT_PUBLIC_KEY or JWT_JWKS_URL is required in production');
    else {
      secret = DEV_JWT_SECRET;
      developmentDefaults.push('JWT_SECRET');
    }
  }
  if (production && secret === DEV_JWT_SECRET)
    errors.push('JWT_SECRET must not be the development default in production');
  if (secret && secret.length < 32) errors.push('JWT_SECRET must be at least 32 characters');
  const asymmetric = Boolean(publicKey || env.JWT_JWKS_URL);
  const algorithms = (env.JWT_ALGORITHMS ?? (asymmetric ? 'RS256' : 'HS256')).split(',').map((a) => a.trim());
  for (const alg of algorithms)
    if (!ALGORITHMS.includes(alg)) errors.push(`JWT_ALGORITHMS has an unsupported algorithm "${alg}"`);
  if (asymmetric && algorithms.some((a) => a.startsWith('HS')))
    errors.push('JWT_ALGORITHMS must not mix HS* with JWT_PUBLIC_KEY or JWT_JWKS_URL (algorithm confusion)');
  if (production && env.JWT_JWKS_URL)
    for (const name of ['JWT_ISSUER', 'JWT_AUDIENCE'] as const)
      if (!env[name]) errors.push(`${name} is required in production with JWT_JWKS_URL`);
  return {
    secret: asymmetric ? null : secret,
    publicKey,
    jwksUrl: jwks,
    algorithms,
    issuer: env.JWT_ISSUER || null,
    audience: env.JWT_AUDIENCE || null,
  };
}
