import type { PayoutMetrics } from '@payout/adapters-http/ops';
import { observedRail } from '@payout/adapters-rails';
import type { PayoutRail } from '@payout/domain';
import type { Logger } from '../infrastructure/logger.js';

/** `rails` of `provider`, each call counted and timed (`payout_rail_*`) and each refusal logged. */
export const observedRails = (
  rails: readonly PayoutRail[],
  provider: string,
  metrics: PayoutMetrics,
  logger: Logger,
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
