import type { Clock } from '@payout/domain';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
