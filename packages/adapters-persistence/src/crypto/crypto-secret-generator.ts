import { createHash, randomBytes } from 'node:crypto';
import type { SecretGenerator } from '@payout/domain';

/** Application tokens carry 192 random bits; webhook secrets 32 random bytes (docs/product.md §3, §7). */
export class CryptoSecretGenerator implements SecretGenerator {
  applicationToken(): string {
    return `apptok_${randomBytes(24).toString('base64url')}`;
  }

  webhookSecret(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }

  hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}
