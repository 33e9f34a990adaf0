import type { Container } from 'inversify';
import type { AppConfig } from '../config/config.js';
import { TOKENS } from '../container/tokens.js';
import { EventsDuePublisher, subscribeEventsDue } from '../infrastructure/events-due-signal.js';
import type { Logger } from '../infrastructure/logger.js';

/**
 * With Redis configured and the API and workers in processes of their own: the API announces the webhook events
 * it commits (EventsDuePublisher), and each worker's delivery looks for them at once instead of at its next idle
 * look. A process that runs both hands its events over itself (WebhookHandoff) and needs neither. Returns the
 * closer.
 */
export async function startEventsDueHints(
  config: AppConfig,
  logger: Logger,
  container: Container,
): Promise<() => Promise<void>> {
  if (!config.redisUrl || config.role === 'all') return async () => {};
  if (config.role === 'api') {
    const publisher = EventsDuePublisher.connect(config.redisUrl, logger);
    (await container.getAsync(TOKENS.webhookHandoff)).announceTo(publisher.announce);
    return () => publisher.close();
  }
  const webhooks = await container.getAsync(TOKENS.webhookWorker);
  const subscription = subscribeEventsDue(config.redisUrl, logger, () => webhooks.lookNow());
  return () => subscription.close();
}
