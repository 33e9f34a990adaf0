import type { WaitingClock } from '../ports/clock.port.js';

/** A clock that moves only when a test says so, or by as long as something sleeps on it. */
export class ManualClock implements WaitingClock {
  private current: Date;

  constructor(start: Date | string = '2026-01-15T12:00:00.000Z') {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }

  /** Waits no time: the clock moves by `ms`, as if that long had passed. */
  async sleep(ms: number): Promise<void> {
    this.advance(ms);
  }

  set(to: Date | string): void {
    this.current = new Date(to);
  }
}
