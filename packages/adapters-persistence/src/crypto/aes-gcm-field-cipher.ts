import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { FieldCipher } from '@payout/domain';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A key's id as ENCRYPTION_KEYS names it: it is written in every value it seals. */
export const FIELD_KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** One key of the ring: `id` null is ENCRYPTION_KEY alone, whose values carry no id (`v1`). */
export interface FieldKey {
  readonly id: string | null;
  readonly key: Uint8Array;
}

interface RingKey {
  readonly id: string | null;
  readonly key: KeyObject;
}

/** Reads a key given as 64 hex digits or as base64 of 32 bytes (the forms configuration accepts). */
export function fieldKeyFromText(text: string): Uint8Array {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`the field encryption key must be ${KEY_BYTES} bytes`);
  return key;
}

const ringKey = ({ id, key }: FieldKey): RingKey => {
  if (key.length !== KEY_BYTES) throw new Error(`the field encryption key must be ${KEY_BYTES} bytes`);
  if (id !== null && !FIELD_KEY_ID.test(id))
    throw new Error(`a field key id must match ${FIELD_KEY_ID} (got "${id}")`);
  return { id, key: createSecretKey(Buffer.from(key)) };
};

/**
 * AES-256-GCM with a random 96-bit IV per value, over a ring of keys: the first seals, every one opens. A value
 * names the key that sealed it, `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url, the prefix authenticated as
 * associated data), so that keys rotate: a new first key seals new values at once, `npm run keys:reencrypt` seals
 * the old ones again, and then the old key can go. ENCRYPTION_KEY alone writes `v1.<iv>.<tag>.<ciphertext>`, the
 * format before rings, which any key of a ring opens (the tag tells which), so existing rows and processes of the
 * previous version go on reading each other (docs/decisions/0021-field-keys-named-in-each-value.md).
 */
export class AesGcmFieldCipher implements FieldCipher {
  private readonly ring: readonly RingKey[];
  private readonly byId: ReadonlyMap<string, KeyObject>;

  /** One key (ENCRYPTION_KEY), or a ring (ENCRYPTION_KEYS) whose first key seals. */
  constructor(keys: Uint8Array | readonly FieldKey[]) {
    const ring = keys instanceof Uint8Array ? [ringKey({ id: null, key: keys })] : keys.map(ringKey);
    if (ring.length === 0) throw new Error('the field cipher needs a key');
    if (ring.length > 1 && ring.some((k) => k.id === null))
      throw new Error('every key of a ring needs an id');
    const ids = ring.map((k) => k.id);
    if (new Set(ids).size !== ids.length) throw new Error('two field keys share an id');
    this.ring = ring;
    this.byId = new Map(ring.flatMap((k) => (k.id === null ? [] : [[k.id, k.key] as const])));
  }

  /** Reads a key given as 64 hex digits or as base64 of 32 bytes (the forms configuration accepts). */
  static fromText(text: string): AesGcmFieldCipher {
    return new AesGcmFieldCipher(fieldKeyFromText(text));
  }

  /** How every value the current key seals begins: what the re-encryption looks for. */
  get currentPrefix(): string {
    const id = (this.ring[0] as RingKey).id;
    return id === null ? 'v1.' : `v2.${id}.`;
  }

  /** Whether `ciphertext` was sealed by the current key (else `keys:reencrypt` seals it again). */
  isCurrent(ciphertext: string): boolean {
    return ciphertext.startsWith(this.currentPrefix);
  }

  encrypt(plaintext: string): string {
    const { id, key } = this.ring[0] as RingKey;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const prefix = id === null ? 'v1' : `v2.${id}`;
    if (id !== null) cipher.setAAD(Buffer.from(prefix));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return [prefix, ...parts].join('.');
  }

  decrypt(ciphertext: string): string {
    const parts = ciphertext.split('.');
    if (parts[0] === 'v1' && parts.length === 4) {
      const [, iv, tag, body] = parts as [string, string, string, string];
      for (const { key } of this.ring) {
        const opened = open(key, null, iv, tag, body);
        if (opened !== null) return opened;
      }
      throw new Error('no configured field key opens this v1 ciphertext');
    }
    if (parts[0] === 'v2' && parts.length === 5) {
      const [, id, iv, tag, body] = parts as [string, string, string, string, string];
      const key = this.byId.get(id);
      if (!key)
        throw new Error(`the field key "${id}" that sealed this value is not configured (ENCRYPTION_KEYS)`);
      const opened = open(key, `v2.${id}`, iv, tag, body);
      if (opened === null) throw new Error(`the field key "${id}" does not open this value`);
      return opened;
    }
    throw new Error('not a field ciphertext (v1 or v2)');
  }
}

/** The plaintext, or null when `key` does not authenticate it. */
function open(key: KeyObject, aad: string | null, iv: string, tag: string, body: string): string | null {
  const authTag = Buffer.from(tag, 'base64url');
  if (authTag.length !== TAG_BYTES) throw new Error('not a field ciphertext (v1 or v2)');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  if (aad !== null) decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(authTag);
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
