import type { SimulatedPayout, SimulatedPayoutBook } from '@payout/domain';

const byAcceptance = (a: SimulatedPayout, b: SimulatedPayout): number =>
  a.acceptedAt.getTime() - b.acceptedAt.getTime() ||
  (a.providerId < b.providerId ? -1 : a.providerId > b.providerId ? 1 : 0);

/**
 * The simulated provider's book in this process's memory: for a single process (APP_ENV=test, the tests). A
 * deployment of several processes keeps it in PostgreSQL (KnexSimulatedPayoutBook), so that all share one book.
 */
export class InMemorySimulatedPayoutBook implements SimulatedPayoutBook {
  private readonly payouts = new Map<string, SimulatedPayout>();

  async record(payout: SimulatedPayout): Promise<void> {
    if (!this.payouts.has(payout.providerId)) this.payouts.set(payout.providerId, payout);
  }

  async page(from: Date, to: Date, after: string | null, limit: number): Promise<readonly SimulatedPayout[]> {
    const inWindow = [...this.payouts.values()]
      .filter((p) => p.acceptedAt >= from && p.acceptedAt < to)
      .sort(byAcceptance);
    const cursor = after === null ? undefined : this.payouts.get(after);
    if (after !== null && !cursor) return [];
    const start = cursor ? inWindow.filter((p) => byAcceptance(p, cursor) > 0) : inWindow;
    return start.slice(0, limit);
  }
}
