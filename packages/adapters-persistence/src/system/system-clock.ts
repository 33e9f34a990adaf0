import type { WaitingClock } from '@payout/domain';

export class SystemClock implements WaitingClock {
  now(): Date {
    return new Date();
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
