import type {
  DeliveryState,
  WebhookAttempt,
  WebhookEvent,
  WebhookEventRepository,
  WebhookStatus,
} from '@payout/domain';
import { type Db, exactlyOne, isUuid, rowsOf } from './columns.js';

export interface EventRow {
  id: string;
  merchant_id: string;
  withdrawal_id: string;
  sequence: number;
  status: WebhookStatus;
  /** `body::text`: node-postgres would parse `json` into objects the worker only serialises again. */
  body: string;
  created_at: Date;
  delivery_state: DeliveryState;
  attempts: number;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
}

interface AttemptRow {
  id: string;
  event_id: string;
  attempt: number;
  attempted_at: Date;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  succeeded: boolean;
}

export const toEvent = (row: EventRow): WebhookEvent => ({
  id: row.id,
  merchantId: row.merchant_id,
  withdrawalId: row.withdrawal_id,
  sequence: row.sequence,
  status: row.status,
  body: row.body,
  createdAt: row.created_at,
  deliveryState: row.delivery_state,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  deliveredAt: row.delivered_at,
});

const toAttempt = (row: AttemptRow): WebhookAttempt => ({
  id: row.id,
  eventId: row.event_id,
  attempt: row.attempt,
  attemptedAt: row.attempted_at,
  statusCode: row.status_code,
  latencyMs: row.latency_ms,
  error: row.error,
  succeeded: row.succeeded,
});

/**
 * An event's columns with its delivery's (migration 0011: the event row is written once, its delivery row by the
 * claim and each outcome), its body as the exact text it was stored with (`json`, migration 0012).
 */
const EVENT_FIELDS = ['id', 'merchant_id', 'withdrawal_id', 'sequence', 'status', 'created_at'];
const DELIVERY_FIELDS = ['delivery_state', 'attempts', 'next_attempt_at', 'delivered_at'];
export const eventColumns = (event: string, delivery: string) =>
  EVENT_FIELDS.map((column) => `${event}.${column}`)
    .concat(DELIVERY_FIELDS.map((column) => `${delivery}.${column}`))
    .concat(`${event}.body::text AS body`)
    .join(', ');
const EVENT_READ = `SELECT ${eventColumns('e', 'd')}
  FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id`;

/** Locks the delivery, the only part of an event that changes. */
const LOCK_EVENT = `${EVENT_READ} WHERE e.id = ? FOR UPDATE OF d`;
const EVENTS_OF_WITHDRAWAL = `${EVENT_READ} WHERE e.withdrawal_id = ? ORDER BY e.sequence`;

/** The claimed deliveries (`claimed`, from an UPDATE … RETURNING) with their events. */
export const withEvents = (update: string) => `WITH claimed AS (${update} RETURNING d.*)
  SELECT ${eventColumns('e', 'claimed')} FROM claimed JOIN webhook_events e ON e.id = claimed.event_id`;

/** Earliest due first; SKIP LOCKED so that concurrent claimers take disjoint events (see the withdrawals' claim). */
export const CLAIM_DUE_EVENTS = withEvents(`UPDATE webhook_deliveries d SET next_attempt_at = ?
          WHERE d.event_id = ANY(ARRAY(SELECT event_id FROM webhook_deliveries
                                  WHERE delivery_state = 'PENDING' AND next_attempt_at <= ?
                                  ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED))`);

export class KnexWebhookEventRepository implements WebhookEventRepository {
  constructor(private readonly db: Db) {}

  async insert(event: WebhookEvent): Promise<void> {
    const row = {
      id: event.id,
      merchant_id: event.merchantId,
      withdrawal_id: event.withdrawalId,
      sequence: event.sequence,
      status: event.status,
      body: event.body,
      created_at: event.createdAt,
    };
    const delivery = {
      event_id: event.id,
      merchant_id: event.merchantId,
      delivery_state: event.deliveryState,
      attempts: event.attempts,
      next_attempt_at: event.nextAttemptAt,
      delivered_at: event.deliveredAt,
    };
    // Two statements that commit together in the unit of work the status change runs in (its only caller).
    await this.db('webhook_events').insert(row);
    await this.db('webhook_deliveries').insert(delivery);
  }

  findById(id: string): Promise<WebhookEvent | null> {
    return this.one(id, false);
  }

  lockById(id: string): Promise<WebhookEvent | null> {
    return this.one(id, true);
  }

  async update(event: WebhookEvent): Promise<void> {
    const updated = await this.db('webhook_deliveries').where({ event_id: event.id }).update({
      delivery_state: event.deliveryState,
      attempts: event.attempts,
      next_attempt_at: event.nextAttemptAt,
      delivered_at: event.deliveredAt,
    });
    exactlyOne(updated, () => new Error(`webhook event ${event.id} does not exist`));
  }

  async latestForWithdrawal(withdrawalId: string): Promise<WebhookEvent | null> {
    if (!isUuid(withdrawalId)) return null;
    const [row] = await rowsOf<EventRow>(this.db, `${EVENTS_OF_WITHDRAWAL} DESC LIMIT 1`, [withdrawalId]);
    return row ? toEvent(row) : null;
  }

  async listForWithdrawal(withdrawalId: string): Promise<readonly WebhookEvent[]> {
    if (!isUuid(withdrawalId)) return [];
    const rows = await rowsOf<EventRow>(this.db, EVENTS_OF_WITHDRAWAL, [withdrawalId]);
    return rows.map(toEvent);
  }

  async recordAttempt(attempt: WebhookAttempt): Promise<void> {
    const row: AttemptRow = {
      id: attempt.id,
      event_id: attempt.eventId,
      attempt: attempt.attempt,
      attempted_at: attempt.attemptedAt,
      status_code: attempt.statusCode,
      latency_ms: attempt.latencyMs,
      error: attempt.error,
      succeeded: attempt.succeeded,
    };
    await this.db('webhook_attempts').insert(row);
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<readonly WebhookEvent[]> {
    const rows = await rowsOf<EventRow>(this.db, CLAIM_DUE_EVENTS, [leaseUntil, now, limit]);
    return rows.map(toEvent);
  }

  async attempts(eventId: string): Promise<readonly WebhookAttempt[]> {
    if (!isUuid(eventId)) return [];
    const rows = await this.db<AttemptRow>('webhook_attempts')
      .where({ event_id: eventId })
      .orderBy('attempt');
    return rows.map(toAttempt);
  }

  private async one(id: string, lock: boolean): Promise<WebhookEvent | null> {
    if (!isUuid(id)) return null;
    const [row] = await rowsOf<EventRow>(this.db, lock ? LOCK_EVENT : `${EVENT_READ} WHERE e.id = ?`, [id]);
    return row ? toEvent(row) : null;
  }
}
