import type { Container } from 'inversify';
import type { AppConfig } from '../config/config.js';
import { TOKENS } from '../container/tokens.js';
import { EventsDuePublisher, subscribeEventsDue } from '../infrastructure/events-due-signal.js';
import type { Logger } from '../infrastructure/logger.js';

export interface EventsDueHints {
  stop(): Promise<void>;
  /** A worker's subscription to the hints (ioredis's state), for its readiness; null where it has none. */
  redisStatus(): string | null;
}

/**
 * With Redis configured and the API and workers in processes of their own: the API announces the webhook events
 * it commits (EventsDuePublisher), and each worker's delivery looks for them at once instead of at its next idle
 * look. A process that runs both hands its events over itself (WebhookHandoff) and needs neither.
 */
export async function startEventsDueHints(
  config: AppConfig,
  logger: Logger,
  container: Container,
): Promise<EventsDueHints> {
  if (!config.redisUrl || config.role === 'all') return { stop: async () => {}, redisStatus: () => null };
  if (config.role === 'api') {
    const publisher = EventsDuePublisher.connect(config.redisUrl, logger);
    (await container.getAsync(TOKENS.webhookHandoff)).announceTo(publisher.announce);
    return { stop: () => publisher.close(), redisStatus: () => null };
  }
  const webhooks = await container.getAsync(TOKENS.webhookWorker);
  const subscription = subscribeEventsDue(config.redisUrl, logger, () => webhooks.lookNow());
  return { stop: () => subscription.close(), redisStatus: subscription.status };
}
