import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { FieldCipher } from '@payout/domain';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a random 96-bit IV per value. Format `v1.<iv>.<tag>.<ciphertext>` (base64url), so a future
 * key or algorithm can be introduced under a new version while old values still decrypt.
 */
export class AesGcmFieldCipher implements FieldCipher {
  /** Built once: a raw Buffer key is turned into a KeyObject on every cipher it is given to. */
  private readonly key: KeyObject;

  constructor(key: Uint8Array) {
    if (key.length !== KEY_BYTES) throw new Error(`the field encryption key must be ${KEY_BYTES} bytes`);
    this.key = createSecretKey(Buffer.from(key));
  }

  /** Reads a key given as 64 hex digits or as base64 of 32 bytes (the forms configuration accepts). */
  static fromText(text: string): AesGcmFieldCipher {
    const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    return new AesGcmFieldCipher(key);
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  decrypt(ciphertext: string): string {
    const [version, iv, tag, body, ...rest] = ciphertext.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined || rest.length > 0)
      throw new Error('not a v1 field ciphertext');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    const authTag = Buffer.from(tag, 'base64url');
    if (authTag.length !== TAG_BYTES) throw new Error('not a v1 field ciphertext');
    decipher.setAuthTag(authTag);
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
