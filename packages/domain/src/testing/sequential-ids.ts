import type { IdGenerator } from '../ports/id-generator.port.js';

/** Deterministic UUIDs: 00000000-0000-4000-8000-000000000001, …002, … */
export class SequentialIds implements IdGenerator {
  private counter = 0;

  constructor(private readonly prefix = '00000000') {}

  next(): string {
    this.counter += 1;
    return `${this.prefix}-0000-4000-8000-${this.counter.toString(16).padStart(12, '0')}`;
  }
}
