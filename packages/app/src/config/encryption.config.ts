import type { Env } from './env-values.js';

export const DEV_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** A key of the field cipher: `id` null for ENCRYPTION_KEY alone, whose values carry no key id. */
export interface EncryptionKey {
  readonly id: string | null;
  readonly key: Buffer;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** 32 bytes as 64 hex digits or base64, or null (the error named after `name`). */
function keyBytes(raw: string, name: string, errors: string[]): Buffer | null {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length === 32) return key;
  errors.push(`${name} must be 32 bytes, as 64 hex characters or base64`);
  return null;
}

/** ENCRYPTION_KEYS: `id:key` pairs, comma-separated, the sealing key first; ids and keys each once. */
function keyRing(raw: string, errors: string[]): EncryptionKey[] {
  const ring: EncryptionKey[] = [];
  for (const entry of raw.split(',').map((part) => part.trim())) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    if (colon < 0 || !KEY_ID.test(id)) {
      errors.push('ENCRYPTION_KEYS must list id:key pairs, ids of letters, digits, - and _ (at most 32)');
      continue;
    }
    const key = keyBytes(entry.slice(colon + 1), `ENCRYPTION_KEYS key "${id}"`, errors);
    if (key) ring.push({ id, key });
  }
  if (new Set(ring.map((k) => k.id)).size !== ring.length)
    errors.push('ENCRYPTION_KEYS names a key id twice');
  if (new Set(ring.map((k) => k.key.toString('hex'))).size !== ring.length)
    errors.push('ENCRYPTION_KEYS lists one key under two ids');
  return ring;
}

/**
 * The field cipher's keys (docs/product.md §4, docs/security.md): ENCRYPTION_KEYS, a ring whose first key seals
 * and every key opens, or ENCRYPTION_KEY alone, as deployments before rings have it. Outside production, neither
 * gives the development key, named in the start-up log.
 */
export function loadEncryptionKeys(
  env: Env,
  production: boolean,
  errors: string[],
  developmentDefaults: string[],
): EncryptionKey[] {
  if (env.ENCRYPTION_KEYS && env.ENCRYPTION_KEY) {
    errors.push('set ENCRYPTION_KEYS or ENCRYPTION_KEY, not both: list the old key in ENCRYPTION_KEYS');
    return [];
  }
  if (env.ENCRYPTION_KEYS) return keyRing(env.ENCRYPTION_KEYS, errors);
  if (env.ENCRYPTION_KEY) {
    const key = keyBytes(env.ENCRYPTION_KEY, 'ENCRYPTION_KEY', errors);
    return key ? [{ id: null, key }] : [];
  }
  if (production) {
    errors.push('ENCRYPTION_KEY or ENCRYPTION_KEYS is required in production');
    return [];
  }
  developmentDefaults.push('ENCRYPTION_KEY');
  return [{ id: null, key: Buffer.from(DEV_ENCRYPTION_KEY, 'base64') }];
}
