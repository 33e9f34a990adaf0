import type { FieldCipher } from '../ports/field-cipher.port.js';
import type { SecretGenerator } from '../ports/secret-generator.port.js';

/** Deterministic secrets and a reversible (not secure) hash, for tests of the core only. */
export class FakeSecretGenerator implements SecretGenerator {
  private counter = 0;

  applicationToken(): string {
    this.counter += 1;
    return `apptok_test_${this.counter.toString().padStart(24, '0')}`;
  }

  webhookSecret(): string {
    this.counter += 1;
    return `whsec_dGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQt${this.counter}`;
  }

  hash(token: string): string {
    return `hash:${token}`;
  }
}

/** Marks values as "encrypted" by wrapping them; detects tampering by checking the wrapper. */
export class FakeFieldCipher implements FieldCipher {
  encrypt(plaintext: string): string {
    return `enc(${plaintext})`;
  }

  decrypt(ciphertext: string): string {
    if (!ciphertext.startsWith('enc(') || !ciphertext.endsWith(')')) throw new Error('tampered ciphertext');
    return ciphertext.slice(4, -1);
  }
}
