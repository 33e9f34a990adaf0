import type { WebhookEventFilter } from '../../ports/list-reads.port.js';
import { mapPage, type Page, type PageRequest } from '../../ports/page.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { ok, type Result } from '../../shared/result.js';
import type { LinkedAccountEventBody } from '../../webhooks/linked-account-event.js';
import type { WebhookBody, WebhookEventStatus } from '../../webhooks/webhook-event.js';
import { type DeliveryView, deliveryViews } from '../operator/webhook-operations.use-case.js';
import { merchantOf, unauthorized } from './list-access.js';

export interface EventView {
  readonly id: string;
  /** The withdrawal a `WITHDRAWAL` event is about; null for a `LINKED_ACCOUNT` event. */
  readonly transactionId: string | null;
  /** The linked account a `LINKED_ACCOUNT` event is about; null for a `WITHDRAWAL` event. */
  readonly linkedAccountId: string | null;
  readonly sequence: number;
  readonly status: WebhookEventStatus;
  readonly createdAt: string;
  /** The body every delivery of the event sends (and signs), parsed from its stored text. */
  readonly body: WebhookBody | LinkedAccountEventBody;
}

export type DeliveryQuery = Omit<WebhookEventFilter, 'merchantId'>;

/**
 * A merchant's webhook events (`merchant.apis`), for a re-synchronisation after an outage (`GET /v1/events`), and
 * their deliveries with every attempt (`GET /v1/webhook-deliveries`).
 */
export class WebhookLists {
  constructor(private readonly deps: { readonly unitOfWork: UnitOfWork }) {}

  async events(principal: Principal, page: PageRequest): Promise<Result<Page<EventView>>> {
    const merchantId = merchantOf(principal);
    if (merchantId === null) return unauthorized();
    const read = await this.deps.unitOfWork.readFor(principal);
    const events = await read.lists.webhookEvents({ merchantId }, page);
    return ok(
      mapPage(events, (e) => ({
        id: e.id,
        transactionId: e.withdrawalId,
        linkedAccountId: e.linkedAccountId,
        sequence: e.sequence,
        status: e.status,
        createdAt: e.createdAt.toISOString(),
        body: JSON.parse(e.body) as WebhookBody | LinkedAccountEventBody,
      })),
    );
  }

  async deliveries(
    principal: Principal,
    query: DeliveryQuery,
    page: PageRequest,
  ): Promise<Result<Page<DeliveryView>>> {
    const merchantId = merchantOf(principal);
    if (merchantId === null) return unauthorized();
    const read = await this.deps.unitOfWork.readFor(principal);
    const events = await read.lists.webhookEvents({ ...query, merchantId }, page);
    return ok({ items: await deliveryViews(read.webhookEvents, events.items), next: events.next });
  }
}
