import type { Clock, VerifyLedger } from '@payout/domain';
import type { Logger } from 'pino';
import type { PayoutMetrics } from './payout-metrics.js';

/** The drift a log line names at most: the rest are counted, and `npm run ledger:verify` lists them all. */
const NAMED = 20;

/**
 * The scheduled ledger verification: checks every posting set and every wallet, sets `payout_ledger_problems` and
 * `payout_ledger_verified_timestamp_seconds`, and logs the outcome: an error naming the unbalanced sets and the
 * drifting wallets (ids and amounts only) when there is any.
 */
export function ledgerVerificationReporter(
  verifyLedger: VerifyLedger,
  metrics: PayoutMetrics,
  logger: Logger,
  clock: Clock,
): () => Promise<void> {
  return async () => {
    const report = await verifyLedger.execute();
    const problems = report.unbalancedEntryIds.length + report.drift.length;
    metrics.ledgerProblems.set(problems);
    metrics.ledgerVerifiedAt.set(clock.now().getTime() / 1000);
    if (report.ok) {
      logger.info('ledger verified: every posting set balances and every wallet equals its postings');
      return;
    }
    logger.error(
      {
        unbalancedPostingSets: report.unbalancedEntryIds.length,
        driftingWallets: report.drift.length,
        unbalanced: report.unbalancedEntryIds.slice(0, NAMED),
        drift: report.drift.slice(0, NAMED).map((d) => ({
          walletId: d.walletId,
          balance: d.balance.toString(),
          postings: d.postings.toString(),
        })),
      },
      'ledger drift found: a wallet differs from its postings or a posting set does not balance',
    );
  };
}
