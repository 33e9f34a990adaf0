import type { Clock } from '../../ports/clock.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { dayBefore } from '../../reconciliation/provider-day.js';
import type { ReconciliationRun } from '../../reconciliation/reconciliation-run.js';
import type { ReconcileProviderDay } from './reconcile-provider-day.use-case.js';

const DAY_MS = 86_400_000;

/** One provider-day of a scheduled reconciliation: its run, or why it could not be made. */
export type ScheduledDay =
  | { readonly kind: 'RUN'; readonly run: ReconciliationRun }
  | { readonly kind: 'FAILED'; readonly provider: string; readonly day: string; readonly detail: string };

/**
 * The scheduled reconciliation (RECONCILIATION_CRON): for every provider it can read, yesterday, and each earlier
 * day still inside that provider's settlement window (plus one) that no run has reconciled yet or whose latest run
 * left payouts pending, oldest first. A provider-day that cannot be read is reported and left for the next
 * occurrence; the others go on. Providers run side by side, each one's days one after another.
 */
export class ReconcileRecentDays {
  constructor(
    private readonly deps: {
      readonly reconcile: ReconcileProviderDay;
      readonly unitOfWork: UnitOfWork;
      readonly clock: Clock;
    },
  ) {}

  async execute(): Promise<readonly ScheduledDay[]> {
    const runs = await Promise.all(this.deps.reconcile.providers.map((provider) => this.provider(provider)));
    return runs.flat();
  }

  /** The days `provider` is reconciled for now, oldest first. */
  async daysFor(provider: string): Promise<readonly string[]> {
    const now = this.deps.clock.now();
    const lookback = Math.ceil(this.deps.reconcile.windowOf(provider) / DAY_MS) + 1;
    const days: string[] = [];
    for (let back = lookback; back >= 2; back--) {
      const day = dayBefore(now, back);
      const [latest] = (
        await this.deps.unitOfWork.read.reconciliation.listRuns(
          { provider, day },
          { limit: 1, order: 'desc', after: null },
        )
      ).items;
      if (!latest || latest.pending > 0) days.push(day);
    }
    return [...days, dayBefore(now, 1)];
  }

  private async provider(provider: string): Promise<ScheduledDay[]> {
    const done: ScheduledDay[] = [];
    for (const day of await this.daysFor(provider)) {
      try {
        const result = await this.deps.reconcile.execute(provider, day);
        done.push(
          result.ok
            ? { kind: 'RUN', run: result.value }
            : { kind: 'FAILED', provider, day, detail: result.error.message },
        );
      } catch (error) {
        done.push({
          kind: 'FAILED',
          provider,
          day,
          detail: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return done;
  }
}
