import type { Clock } from '../../ports/clock.port.js';
import type { IdGenerator } from '../../ports/id-generator.port.js';
import type { TransactionScope, UnitOfWork } from '../../ports/unit-of-work.port.js';
import { StaleWebhookEventError } from '../../ports/webhook-event-repository.port.js';
import type { WebhookResponse, WebhookSender } from '../../ports/webhook-sender.port.js';
import type { WebhookEndpoint } from '../../webhooks/webhook-endpoint.js';
import { activeSecrets } from '../../webhooks/webhook-endpoint.js';
import type { WebhookEvent } from '../../webhooks/webhook-event.js';

/** A claimed event and its merchant's endpoint as read at the claim (null: the merchant has none). */
export interface DueDelivery {
  readonly event: WebhookEvent;
  readonly endpoint: WebhookEndpoint | null;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before retry n (1-based): exponential, then daily, summing to a little over 3 days (docs/product.md §7). */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  5 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  12 * HOUR,
  24 * HOUR,
  24 * HOUR,
  24 * HOUR,
];

export interface WebhookDeliverySettings {
  readonly retryScheduleMs: readonly number[];
  /** Each delay is spread by ± this fraction so that retries of many events do not arrive together. */
  readonly jitterRatio: number;
  /**
   * How long a claimed event stays with its worker before another may claim it: longer than a delivery can
   * take (the sender gives up after 10 s), short enough that a dead worker's events go out again soon.
   */
  readonly claimLeaseMs: number;
}

export const DEFAULT_WEBHOOK_CLAIM_LEASE_MS = 60_000;

export interface DeliverWebhookDeps {
  readonly unitOfWork: UnitOfWork;
  readonly sender: WebhookSender;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly settings: WebhookDeliverySettings;
  /** A number in [0, 1); injected so tests are deterministic. */
  readonly random: () => number;
}

const isSuccess = (r: WebhookResponse): boolean =>
  r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
const GONE = 410;

/**
 * Webhook delivery. The stored events are the queue: a worker claims due events (`claimDue`) and makes one signed
 * attempt of each (`deliver`). The receiver is called with no transaction open; the attempt is then recorded and
 * the next one set due (backoff with jitter, never sooner than Retry-After). 410 disables the endpoint. Events
 * are never dropped: without an endpoint they wait, and an operator can redeliver any event. Delivery is at
 * least once; `webhook-id` (the event id) lets receivers deduplicate.
 */
export class DeliverWebhook {
  constructor(private readonly deps: DeliverWebhookDeps) {}

  /**
   * Claims up to `limit` due events for this worker for one lease, each with its merchant's endpoint (read once
   * per merchant in the batch), ready for `deliver`.
   */
  async claimDue(limit: number): Promise<readonly DueDelivery[]> {
    const { unitOfWork, clock, settings } = this.deps;
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + settings.claimLeaseMs);
    return this.withEndpoints(await unitOfWork.read.webhookEvents.claimDue(now, leaseUntil, limit));
  }

  /** Events leased to this worker, each with its merchant's endpoint (read once per merchant), ready for `deliver`. */
  async withEndpoints(events: readonly WebhookEvent[]): Promise<readonly DueDelivery[]> {
    const { read } = this.deps.unitOfWork;
    const merchants = [...new Set(events.map((event) => event.merchantId))];
    const endpoints = new Map(
      await Promise.all(
        merchants.map(async (id) => [id, await read.webhookEndpoints.findByMerchant(id)] as const),
      ),
    );
    return events.map((event) => ({ event, endpoint: endpoints.get(event.merchantId) ?? null }));
  }

  /**
   * One attempt of an event as claimed. The outcome is recorded on the event as claimed, on condition that no
   * other attempt was recorded since; if another worker recorded one meanwhile (its lease had run out), it is
   * recorded again on the event as it is now, locked, after that one, unless that one settled the event.
   */
  async deliver({ event, endpoint }: DueDelivery): Promise<void> {
    const { sender, clock } = this.deps;
    if (event.deliveryState !== 'PENDING') return;
    if (!endpoint || endpoint.disabled) {
      await this.park(event.id, endpoint ? 'ENDPOINT_DISABLED' : 'NO_ENDPOINT');
      return;
    }
    const now = clock.now();
    const response = await sender.send({
      url: endpoint.url,
      eventId: event.id,
      timestamp: now,
      body: event.body,
      secrets: activeSecrets(endpoint, now),
    });
    try {
      await this.deps.unitOfWork.run((tx) => this.record(tx, event, now, response));
    } catch (error) {
      if (!(error instanceof StaleWebhookEventError)) throw error;
      await this.deps.unitOfWork.run(async (tx) => {
        const current = await tx.webhookEvents.lockById(event.id);
        // One another worker settled meanwhile (delivered, disabled, exhausted) keeps its outcome.
        if (current?.deliveryState === 'PENDING') await this.record(tx, current, now, response);
      });
    }
  }

  private async park(eventId: string, state: 'NO_ENDPOINT' | 'ENDPOINT_DISABLED'): Promise<void> {
    await this.deps.unitOfWork.run(async (tx) => {
      const event = await tx.webhookEvents.lockById(eventId);
      if (event) await tx.webhookEvents.update({ ...event, deliveryState: state, nextAttemptAt: null });
    });
  }

  /** Records the attempt made of `event` and sets what comes next, if no other attempt was recorded since. */
  private async record(
    tx: TransactionScope,
    event: WebhookEvent,
    at: Date,
    response: WebhookResponse,
  ): Promise<void> {
    const { ids, clock } = this.deps;
    const attempt = event.attempts + 1;
    const succeeded = isSuccess(response);
    await tx.webhookEvents.recordAttempt({
      id: ids.next(),
      eventId: event.id,
      attempt,
      attemptedAt: at,
      statusCode: response.statusCode,
      latencyMs: response.latencyMs,
      error: response.error,
      succeeded,
    });
    const base = { ...event, attempts: attempt };
    // Written only if no other attempt was recorded since `event` was read.
    const expected = event.attempts;
    if (succeeded) {
      await tx.webhookEvents.update(
        { ...base, deliveryState: 'DELIVERED', deliveredAt: clock.now(), nextAttemptAt: null },
        expected,
      );
      return;
    }
    if (response.statusCode === GONE) {
      // Locked: a rotation committed since the send is kept; only the disabled flag changes.
      await tx.merchants.lockById(event.merchantId);
      const endpoint = await tx.webhookEndpoints.findByMerchant(event.merchantId);
      if (endpoint) await tx.webhookEndpoints.save({ ...endpoint, disabled: true, updatedAt: clock.now() });
      await tx.webhookEvents.update(
        { ...base, deliveryState: 'ENDPOINT_DISABLED', nextAttemptAt: null },
        expected,
      );
      return;
    }
    const next = this.nextAttemptAt(attempt, response);
    await tx.webhookEvents.update(
      { ...base, deliveryState: next ? 'PENDING' : 'FAILED', nextAttemptAt: next },
      expected,
    );
  }

  private nextAttemptAt(attempt: number, response: WebhookResponse): Date | null {
    const { settings, random, clock } = this.deps;
    const base = settings.retryScheduleMs[attempt - 1];
    if (base === undefined) return null;
    const jittered = base * (1 + settings.jitterRatio * (2 * random() - 1));
    const delay = Math.max(jittered, (response.retryAfterSeconds ?? 0) * 1000);
    return new Date(clock.now().getTime() + Math.round(delay));
  }
}
