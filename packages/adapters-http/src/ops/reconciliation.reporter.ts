import type { ReconcileRecentDays } from '@payout/domain';
import type { Logger } from 'pino';

/**
 * The scheduled reconciliation (RECONCILIATION_CRON): runs yesterday and the days still pending for every provider
 * whose records are read, and logs each provider-day: its summary (info), the exceptions it opened (warn), or why
 * its records could not be read (error, left for the next occurrence).
 */
export function reconciliationReporter(reconcile: ReconcileRecentDays, logger: Logger): () => Promise<void> {
  return async () => {
    for (const day of await reconcile.execute()) {
      if (day.kind === 'FAILED') {
        logger.error(
          { provider: day.provider, day: day.day, detail: day.detail },
          'reconciliation failed: the provider-day is tried again at the next occurrence',
        );
        continue;
      }
      const { provider, day: date, records, matched, pending, exceptions, opened } = day.run;
      const fields = { provider, day: date, records, matched, pending, exceptions, opened };
      if (opened > 0)
        logger.warn(fields, 'reconciliation opened exceptions: resolve them (docs/reconciliation.md)');
      else logger.info(fields, 'provider-day reconciled');
    }
  };
}
