import type { PayoutRail } from '@payout/domain';
import { observedRail, type RailCall, type RailLog } from './observed-payout.rail.js';

type RailCallLabels = Omit<RailCall, 'seconds'>;

/** The metrics a rail call is recorded on, `payout_rail_calls_total` and `…_duration_seconds` (PayoutMetrics fits). */
export interface RailCallMetrics {
  readonly railCalls: { inc(labels: RailCallLabels): void };
  readonly railDuration: { observe(labels: RailCallLabels, seconds: number): void };
}

/** `rails` of `provider`, each call counted and timed (`payout_rail_*`) and each refusal logged. */
export const observedRails = (
  rails: readonly PayoutRail[],
  provider: string,
  metrics: RailCallMetrics,
  logger: RailLog,
): PayoutRail[] =>
  rails.map((rail) =>
    observedRail(rail, {
      provider,
      record: ({ seconds, ...labels }) => {
        metrics.railCalls.inc(labels);
        metrics.railDuration.observe(labels, seconds);
      },
      log: logger,
    }),
  );
