/**
 * Authenticated encryption of sensitive fields at rest (AES-256-GCM in production).
 * Guarantees: `decrypt(encrypt(x)) === x`; two encryptions of one value differ (random nonce); a tampered or
 * foreign ciphertext makes `decrypt` throw.
 */
export interface FieldCipher {
  encrypt(plaintext: string): string;
  decrypt(ciphertext: string): string;
}
