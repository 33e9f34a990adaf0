import type { Clock, DueDelivery, WebhookEvent } from '@payout/domain';
import type { Knex } from 'knex';
import { type EventRow, toEvent, withEvents } from '../repositories/knex-webhook-event.repository.js';
import { readPrepared } from '../sql/connection.js';
import type { LeasedQueue } from './leased-queue.runner.js';

/**
 * The claim spread over merchants: the first `$6` due deliveries of the merchants with room, locked with SKIP LOCKED
 * so concurrent claimers take disjoint rows, then at most each merchant's room of them ($3 the merchants this
 * claimer holds deliveries of, $4 how many, $5 the most per merchant). Rows locked and not taken are free again when
 * the statement ends (it is its own transaction). A merchant with no room is left out of the scan, so one
 * merchant's backlog never takes every slot of a worker.
 */
const CLAIM_SPREAD = {
  name: 'webhook_deliveries_claim_spread',
  text: withEvents(`UPDATE webhook_deliveries d SET next_attempt_at = $1
          WHERE d.event_id = ANY(ARRAY(
            SELECT ranked.event_id FROM (
              SELECT due.event_id,
                     row_number() OVER (PARTITION BY due.merchant_id ORDER BY due.next_attempt_at, due.event_id)
                       + COALESCE(busy.in_flight, 0) AS nth
              FROM (SELECT event_id, merchant_id, next_attempt_at FROM webhook_deliveries
                    WHERE delivery_state = 'PENDING' AND next_attempt_at <= $2
                      AND merchant_id <> ALL(ARRAY(SELECT m FROM unnest($3::uuid[], $4::integer[]) AS f(m, n)
                                                   WHERE n >= $5::integer))
                    ORDER BY next_attempt_at LIMIT $6::integer FOR UPDATE SKIP LOCKED) AS due
              LEFT JOIN unnest($3::uuid[], $4::integer[]) AS busy(merchant_id, in_flight)
                ON busy.merchant_id = due.merchant_id
            ) AS ranked
            WHERE ranked.nth <= $5::integer))`),
};

/** What a claim is bounded by: the lease it takes and a merchant's share of one claimer's deliveries. */
export interface WebhookClaimTerms {
  readonly leaseMs: number;
  /** Deliveries of one merchant a claimer holds at once, those in flight included. */
  readonly perMerchant: number;
}

/**
 * Claims due webhook deliveries for one lease, no merchant's beyond `perMerchant` less `inFlight` (its deliveries
 * the claimer holds), earliest due first. The claim may return fewer than `limit` while more are due (it looks
 * at the first `limit` due deliveries of the merchants with room); the next claim takes them.
 */
export async function claimWebhookEvents(
  knex: Knex,
  now: Date,
  limit: number,
  terms: WebhookClaimTerms,
  inFlight: ReadonlyMap<string, number>,
): Promise<readonly WebhookEvent[]> {
  const rows = await readPrepared<EventRow>(knex, CLAIM_SPREAD, [
    new Date(now.getTime() + terms.leaseMs),
    now,
    [...inFlight.keys()],
    [...inFlight.values()],
    terms.perMerchant,
    limit,
  ]);
  return rows.map(toEvent);
}

/** What the queue needs of the domain's webhook delivery (DeliverWebhook). */
export interface WebhookDelivery {
  withEndpoints(events: readonly WebhookEvent[]): Promise<readonly DueDelivery[]>;
  deliver(due: DueDelivery): Promise<void>;
}

/** The webhook deliveries on PostgreSQL as a leased queue, each claimed event with its merchant's endpoint. */
export function webhookDeliveryQueue(deps: {
  readonly knex: Knex;
  readonly clock: Clock;
  readonly terms: WebhookClaimTerms;
  readonly delivery: WebhookDelivery;
  /** Wakes a runner when deliveries were committed due (listenForDue on WEBHOOKS_DUE_CHANNEL). */
  readonly onDue?: (wake: () => void) => { close(): Promise<void> };
}): LeasedQueue<DueDelivery> {
  const { knex, clock, terms, delivery, onDue } = deps;
  return {
    ...(onDue ? { onDue } : {}),
    claimDue: async (limit, inFlight) =>
      delivery.withEndpoints(await claimWebhookEvents(knex, clock.now(), limit, terms, inFlight)),
    handle: (due) => delivery.deliver(due),
  };
}

/** A runner's group of a delivery: its merchant. */
export const merchantOf = (due: DueDelivery): string => due.event.merchantId;
