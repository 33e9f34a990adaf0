import { randomUUID } from 'node:crypto';
import type { IdGenerator } from '@payout/domain';

export class RandomUuidGenerator implements IdGenerator {
  next(): string {
    return randomUUID();
  }
}
