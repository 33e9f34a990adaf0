import type { Clock } from '../ports/clock.port.js';

/** A clock that moves only when a test says so. */
export class ManualClock implements Clock {
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

  set(to: Date | string): void {
    this.current = new Date(to);
  }
}
