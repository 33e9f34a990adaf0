import type { CheckProviderBalances } from '@payout/domain';
import type { Logger } from 'pino';

/**
 * The scheduled read of the providers' balances (PROVIDER_BALANCE_CRON): stores each reading for every worker to
 * export (`payout_provider_balance`), and logs a provider that did not answer as a warning naming it, so that a
 * stale balance is explained where the alert on its age sends the operator.
 */
export function providerBalanceReporter(check: CheckProviderBalances, logger: Logger): () => Promise<void> {
  return async () => {
    for (const { provider, reading } of await check.execute())
      if (reading.kind === 'READ')
        logger.info(
          { provider, available: reading.available.toString(), currency: reading.currency },
          'provider balance read',
        );
      else
        logger.warn(
          { provider, detail: reading.detail },
          'provider balance not read: the provider did not answer',
        );
  };
}
