import type { RailStepStore } from '../ports/rail-step-store.port.js';

/** The steps in a map, first write winning, as the PostgreSQL store keeps them. */
export class InMemoryRailStepStore implements RailStepStore {
  private readonly steps = new Map<string, Record<string, string>>();

  async recorded(withdrawalId: string): Promise<Readonly<Record<string, string>>> {
    return { ...this.steps.get(withdrawalId) };
  }

  async record(withdrawalId: string, step: string, value: string): Promise<string> {
    const steps = this.steps.get(withdrawalId) ?? {};
    steps[step] ??= value;
    this.steps.set(withdrawalId, steps);
    return steps[step];
  }
}
