import type { Clock, LedgerReport, VerifyLedger } from '@payout/domain';
import type { Logger } from 'pino';
import type { PayoutMetrics } from './payout-metrics.js';

/** The drift a log line names at most: the rest are counted, and `npm run ledger:verify` lists them all. */
const NAMED = 20;

/**
 * The scheduled ledger verification: checks every posting set, every wallet and the settlement accounts, sets `payout_ledger_problems` and
 * `payout_ledger_verified_timestamp_seconds`, and logs the outcome: an error naming the unbalanced sets and the
 * drifting wallets (ids and amounts only) when there is any. `record` keeps the outcome with the time the check
 * started (on PostgreSQL: what the archive's ledger guard reads).
 */
export function ledgerVerificationReporter(
  verifyLedger: VerifyLedger,
  metrics: PayoutMetrics,
  logger: Logger,
  clock: Clock,
  record: (startedAt: Date, report: LedgerReport) => Promise<void> = async () => {},
): () => Promise<void> {
  return async () => {
    const startedAt = clock.now();
    const report = await verifyLedger.execute();
    await record(startedAt, report);
    const problems = report.unbalancedEntryIds.length + report.drift.length + report.settlement.length;
    metrics.ledgerProblems.set(problems);
    metrics.ledgerVerifiedAt.set(clock.now().getTime() / 1000);
    if (report.ok) {
      logger.info(
        'ledger verified: every posting set balances, and every wallet and settlement account holds what it should',
      );
      return;
    }
    logger.error(
      {
        unbalancedPostingSets: report.unbalancedEntryIds.length,
        driftingWallets: report.drift.length,
        driftingSettlementAccounts: report.settlement.length,
        unbalanced: report.unbalancedEntryIds.slice(0, NAMED),
        drift: report.drift.slice(0, NAMED).map((d) => ({
          walletId: d.walletId,
          balance: d.balance.toString(),
          postings: d.postings.toString(),
        })),
        settlement: report.settlement.slice(0, NAMED).map((d) => ({
          account: d.account,
          postings: d.postings.toString(),
          payouts: d.payouts.toString(),
        })),
      },
      'ledger drift found: a wallet or settlement account differs from what it should hold, or a posting set does not balance',
    );
  };
}
