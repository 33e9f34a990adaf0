import type { WebhookAttempt, WebhookEvent, Withdrawal } from '@payout/domain';
import type { Logger } from 'pino';
import type { PayoutMetrics } from './payout-metrics.js';

const FINAL = new Set(['SUCCESS', 'FAILED']);

/**
 * Committed changes as metrics (`payout_withdrawals_created_total`, `payout_withdrawals_finished_total`,
 * `payout_withdrawals_accepted_after_failing_total`) and as log lines for what an operator must hear of: a payout
 * a rail took after it failed, an endpoint disabled by a 410, a delivery that gave up. The lines
 * name the merchant, event and withdrawal, never the endpoint's URL (it may carry a token) or a body. What it
 * answers is the `CommittedChanges` that packages/adapters-persistence's `observeCommits` tells.
 */
export function committedChangesReporter(metrics: PayoutMetrics, logger: Logger) {
  return {
    withdrawalCreated: ({ rail, status }: Withdrawal) => metrics.withdrawalsCreated.inc({ rail, status }),
    withdrawalMoved: ({ rail, status }: Withdrawal) => {
      if (FINAL.has(status)) metrics.withdrawalsFinished.inc({ rail, status });
    },
    acceptedAfterFailing: (withdrawal: Withdrawal) => {
      metrics.withdrawalsAcceptedAfterFailing.inc({ rail: withdrawal.rail });
      logger.error(
        {
          withdrawalId: withdrawal.id,
          merchantId: withdrawal.merchantId,
          rail: withdrawal.rail,
          provider: withdrawal.railProvider,
          railReference: withdrawal.railReference,
        },
        'rail accepted a payout already FAILED and reversed: reconcile it with the provider',
      );
    },
    endpointDisabled: (event: WebhookEvent, attempt: WebhookAttempt) =>
      logger.warn(
        {
          merchantId: event.merchantId,
          eventId: event.id,
          withdrawalId: event.withdrawalId,
          attempt: attempt.attempt,
          statusCode: attempt.statusCode,
        },
        'webhook endpoint disabled: it answered 410 Gone',
      ),
    deliveryExhausted: (event: WebhookEvent, attempt: WebhookAttempt | null) =>
      logger.error(
        {
          merchantId: event.merchantId,
          eventId: event.id,
          withdrawalId: event.withdrawalId,
          attempts: event.attempts,
          lastStatusCode: attempt?.statusCode ?? null,
        },
        'webhook delivery failed for good: its retries are exhausted',
      ),
  };
}
