import type { WebhookEventFilter } from '../../ports/list-reads.port.js';
import type { OutboundUrlPolicy } from '../../ports/outbound-url-policy.port.js';
import type { Page, PageRequest } from '../../ports/page.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { WebhookEventRepository } from '../../ports/webhook-event-repository.port.js';
import { domainError, MESSAGES, validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import { ROTATION_OVERLAP_MS, type WebhookEndpoint } from '../../webhooks/webhook-endpoint.js';
import type { DeliveryState, WebhookEvent } from '../../webhooks/webhook-event.js';
import { notFound, type OperatorDeps, requireOperator } from './operator-deps.js';
import { recordAudit } from './record-audit.js';

const isWebhookUrl = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > 2048) return false;
  // The shape alone lets through a host no request can be sent to (`http://[::1`): it must parse as a URL too.
  return /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(value) && URL.canParse(value);
};

/** Why a parseable http(s) URL cannot be a merchant's endpoint whatever its address, or null. */
function webhookUrlFault(url: URL): string | null {
  // Credentials would be echoed in answers and kept in the append-only audit log; the signature authenticates.
  if (url.username || url.password) return 'url must not carry a user name or password';
  return null;
}

/**
 * `PUT /v1/operator/merchants/:merchantId/webhook-endpoint`: registers the merchant's one endpoint, or rotates
 * its secret when one exists: the previous secret keeps signing for 24 h beside the new one (docs/product.md §7).
 * The new secret is returned once and never again. The address is the outbound URL policy's to allow.
 */
export class SetWebhookEndpoint {
  constructor(private readonly deps: OperatorDeps & { readonly outboundUrls: OutboundUrlPolicy }) {}

  async execute(
    principal: Principal,
    merchantId: string,
    input: { readonly url?: unknown },
  ): Promise<Result<{ url: string; secret: string }>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    if (!isWebhookUrl(input.url)) return err(validationError('url', 'url must be an http(s) URL'));
    const url = input.url;
    const parsed = new URL(url);
    const fault = webhookUrlFault(parsed) ?? (await this.deps.outboundUrls.refusal(parsed));
    if (fault) return err(validationError('url', fault));
    const { ids, clock, unitOfWork, secrets } = this.deps;
    return unitOfWork.run(async (tx) => {
      // Locked: of two rotations at once, the second keeps the first's secret for the overlap instead of losing it.
      if (!(await tx.merchants.lockById(merchantId))) return err(notFound('Merchant'));
      const now = clock.now();
      const existing = await tx.webhookEndpoints.findByMerchant(merchantId);
      const secret = secrets.webhookSecret();
      const overlapEnds = new Date(now.getTime() + ROTATION_OVERLAP_MS);
      const previous = (existing?.secrets ?? [])
        .filter((s) => s.expiresAt === null || s.expiresAt.getTime() > now.getTime())
        .map((s) => ({ secret: s.secret, expiresAt: s.expiresAt ?? overlapEnds }));
      const endpoint: WebhookEndpoint = {
        id: existing?.id ?? ids.next(),
        merchantId,
        url,
        secrets: [{ secret, expiresAt: null }, ...previous],
        disabled: false,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      await tx.webhookEndpoints.save(endpoint);
      await recordAudit(
        tx,
        this.deps,
        principal,
        existing ? 'WEBHOOK_SECRET_ROTATED' : 'WEBHOOK_ENDPOINT_SET',
        merchantId,
        { url, secret: existing ? 'rotated' : 'issued' },
      );
      return ok({ url, secret });
    }, principal);
  }
}

export interface DeliveryView {
  readonly eventId: string;
  /** The withdrawal the event is about; null for a linked account's event. */
  readonly transactionId: string | null;
  /** The linked account the event is about (`LINKED_ACCOUNT`); null for a withdrawal's event. */
  readonly linkedAccountId: string | null;
  readonly sequence: number;
  readonly status: string;
  readonly deliveryState: DeliveryState;
  readonly nextAttemptAt: string | null;
  readonly deliveredAt: string | null;
  readonly attempts: readonly {
    readonly attempt: number;
    readonly attemptedAt: string;
    readonly statusCode: number | null;
    readonly latencyMs: number;
    readonly succeeded: boolean;
    readonly error: string | null;
  }[];
}

/** What an operator filters deliveries by; each field set narrows the list. */
export type OperatorDeliveryQuery = WebhookEventFilter;

/**
 * `GET /v1/operator/webhook-deliveries`: every merchant's webhook events with every attempt, newest first; with
 * `transactionId`, the route asks oldest first, so that a withdrawal's events come in sequence order as they did
 * before this list was paginated.
 */
export class ListWebhookDeliveries {
  constructor(private readonly deps: OperatorDeps) {}

  async execute(
    principal: Principal,
    query: OperatorDeliveryQuery,
    page: PageRequest,
  ): Promise<Result<Page<DeliveryView>>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const read = await this.deps.unitOfWork.readFor(principal);
    const events = await read.lists.webhookEvents(query, page);
    return ok({ items: await deliveryViews(read.webhookEvents, events.items), next: events.next });
  }
}

/** Events as deliveries, each with every attempt (read together). */
export const deliveryViews = (
  repository: Pick<WebhookEventRepository, 'attempts'>,
  events: readonly WebhookEvent[],
): Promise<DeliveryView[]> =>
  Promise.all(
    events.map(async (event) => ({
      eventId: event.id,
      transactionId: event.withdrawalId,
      linkedAccountId: event.linkedAccountId,
      sequence: event.sequence,
      status: event.status,
      deliveryState: event.deliveryState,
      nextAttemptAt: event.nextAttemptAt?.toISOString() ?? null,
      deliveredAt: event.deliveredAt?.toISOString() ?? null,
      attempts: (await repository.attempts(event.id)).map((a) => ({
        attempt: a.attempt,
        attemptedAt: a.attemptedAt.toISOString(),
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        succeeded: a.succeeded,
        error: a.error,
      })),
    })),
  );

/**
 * `POST /v1/operator/webhook-deliveries/:id/redeliver`, and `POST /v1/webhook-deliveries/:id/redeliver` for a
 * merchant (`merchant.apis`), whose own events only it may send again (another's is answered as not found): sends
 * the same event (same id) again, now.
 */
export class RedeliverWebhook {
  constructor(private readonly deps: OperatorDeps) {}

  async execute(
    principal: Principal,
    eventId: string,
  ): Promise<Result<{ eventId: string; deliveryState: DeliveryState }>> {
    const operator = requireOperator(principal).ok;
    const merchantId = principal.scopes.has('merchant.apis') ? principal.merchantId : null;
    if (!operator && merchantId === null) return err(domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));
    const { unitOfWork, clock } = this.deps;
    return unitOfWork.run(async (tx) => {
      const event = await tx.webhookEvents.lockById(eventId);
      if (!event || !(operator || event.merchantId === merchantId)) return err(notFound('Webhook delivery'));
      await tx.merchants.lockById(event.merchantId);
      const endpoint = await tx.webhookEndpoints.findByMerchant(event.merchantId);
      if (endpoint?.disabled)
        await tx.webhookEndpoints.save({ ...endpoint, disabled: false, updatedAt: clock.now() });
      // Due now: the delivery queue sends it with its same id (a receiver deduplicates on webhook-id).
      await tx.webhookEvents.update({ ...event, deliveryState: 'PENDING', nextAttemptAt: clock.now() });
      await recordAudit(tx, this.deps, principal, 'WEBHOOK_REDELIVERED', event.id, {
        transactionId: event.withdrawalId,
        ...(event.linkedAccountId ? { linkedAccountId: event.linkedAccountId } : {}),
        deliveryState: 'PENDING',
        endpointReenabled: endpoint?.disabled === true,
      });
      return ok({ eventId: event.id, deliveryState: 'PENDING' as const });
    }, principal);
  }
}
