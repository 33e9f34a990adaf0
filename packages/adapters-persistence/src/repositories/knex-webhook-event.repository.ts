import {
  type DeliveryState,
  StaleWebhookEventError,
  type WebhookAttempt,
  type WebhookEvent,
  type WebhookEventRepository,
  type WebhookEventStatus,
} from '@payout/domain';
import { exactlyOne, insertWrite, type SqlWriter, updateWrite } from '../batched-transactions/sql-write.js';
import { readPrepared } from '../sql/connection.js';
import { type Db, isUuid } from './columns.js';
import { isUniqueViolation } from './pg-errors.js';

export interface EventRow {
  id: string;
  merchant_id: string;
  withdrawal_id: string | null;
  linked_account_id: string | null;
  sequence: number;
  status: WebhookEventStatus;
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
  linkedAccountId: row.linked_account_id,
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
const EVENT_FIELDS = [
  'id',
  'merchant_id',
  'withdrawal_id',
  'linked_account_id',
  'sequence',
  'status',
  'created_at',
];
const DELIVERY_FIELDS = ['delivery_state', 'attempts', 'next_attempt_at', 'delivered_at'];
export const eventColumns = (event: string, delivery: string) =>
  EVENT_FIELDS.map((column) => `${event}.${column}`)
    .concat(DELIVERY_FIELDS.map((column) => `${delivery}.${column}`))
    .concat(`${event}.body::text AS body`)
    .join(', ');
const EVENT_READ = `SELECT ${eventColumns('e', 'd')}
  FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id`;

const FIND_EVENT = {
  name: 'webhook_event_by_id',
  text: `${EVENT_READ} WHERE e.id = $1`,
};
/** Locks the delivery, the only part of an event that changes. */
const LOCK_EVENT = {
  name: 'webhook_event_lock',
  text: `${EVENT_READ} WHERE e.id = $1 FOR UPDATE OF d`,
};
const EVENTS_OF_WITHDRAWAL = {
  name: 'webhook_events_of_withdrawal',
  text: `${EVENT_READ} WHERE e.withdrawal_id = $1 ORDER BY e.sequence`,
};
const LATEST_EVENT = {
  name: 'webhook_event_latest',
  text: `${EVENTS_OF_WITHDRAWAL.text} DESC LIMIT 1`,
};
/** The types of the columns a delivery update names (migration 0011), for merged updates. */
const DELIVERY_COLUMN_TYPES = {
  event_id: 'uuid',
  delivery_state: 'text',
  attempts: 'integer',
  next_attempt_at: 'timestamptz',
  delivered_at: 'timestamptz',
};

/** The claimed deliveries (`claimed`, from an UPDATE … RETURNING) with their events. */
export const withEvents = (update: string) => `WITH claimed AS (${update} RETURNING d.*)
  SELECT ${eventColumns('e', 'claimed')} FROM claimed JOIN webhook_events e ON e.id = claimed.event_id`;

/**
 * Earliest due first; SKIP LOCKED so that concurrent claimers take disjoint events (see the withdrawals' claim).
 * $3 is the limit.
 */
export const CLAIM_DUE_EVENTS = {
  name: 'webhook_events_claim_due',
  text: withEvents(`UPDATE webhook_deliveries d SET next_attempt_at = $1
          WHERE d.event_id = ANY(ARRAY(SELECT event_id FROM webhook_deliveries
                                  WHERE delivery_state = 'PENDING' AND next_attempt_at <= $2
                                  ORDER BY next_attempt_at LIMIT $3::integer FOR UPDATE SKIP LOCKED))`),
};

export class KnexWebhookEventRepository implements WebhookEventRepository {
  constructor(
    private readonly db: Db,
    private readonly writer: SqlWriter,
  ) {}

  async insert(event: WebhookEvent): Promise<void> {
    const row = {
      id: event.id,
      merchant_id: event.merchantId,
      // The event's subject: its withdrawal, or its linked account (migration linked-account-changes); the other stays NULL.
      ...(event.withdrawalId !== null
        ? { withdrawal_id: event.withdrawalId }
        : { linked_account_id: event.linkedAccountId }),
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
    // Two statements that commit together in the unit of work the status change runs in (its only caller);
    // each merges with the other events' inserts of a commit group.
    await this.writer.write(insertWrite('webhook_events', [row], ['withdrawals', 'linked_accounts']));
    await this.writer.write(insertWrite('webhook_deliveries', [delivery], ['webhook_events']));
  }

  findById(id: string): Promise<WebhookEvent | null> {
    return this.one(id, false);
  }

  lockById(id: string): Promise<WebhookEvent | null> {
    return this.one(id, true);
  }

  async update(event: WebhookEvent, expectedAttempts?: number): Promise<void> {
    const set = {
      delivery_state: event.deliveryState,
      attempts: event.attempts,
      next_attempt_at: event.nextAttemptAt,
      delivered_at: event.deliveredAt,
    };
    const optimistic = expectedAttempts !== undefined;
    const where = optimistic
      ? { event_id: event.id, delivery_state: 'PENDING', attempts: expectedAttempts }
      : { event_id: event.id };
    await this.writer.write(
      updateWrite(
        'webhook_deliveries',
        set,
        where,
        DELIVERY_COLUMN_TYPES,
        optimistic
          ? { rows: 1, error: () => new StaleWebhookEventError(event.id) }
          : exactlyOne(`webhook event ${event.id} does not exist`),
      ),
    );
  }

  async latestForWithdrawal(withdrawalId: string): Promise<WebhookEvent | null> {
    if (!isUuid(withdrawalId)) return null;
    const [row] = await readPrepared<EventRow>(this.db, LATEST_EVENT, [withdrawalId]);
    return row ? toEvent(row) : null;
  }

  async listForWithdrawal(withdrawalId: string): Promise<readonly WebhookEvent[]> {
    if (!isUuid(withdrawalId)) return [];
    const rows = await readPrepared<EventRow>(this.db, EVENTS_OF_WITHDRAWAL, [withdrawalId]);
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
    await this.writer.write({
      ...insertWrite('webhook_attempts', [row], ['webhook_deliveries']),
      // Another worker recorded this attempt number first (its lease on the event had run out).
      translate: (error) =>
        isUniqueViolation(error, 'webhook_attempts_once', 'webhook_attempts')
          ? new StaleWebhookEventError(attempt.eventId)
          : undefined,
    });
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<readonly WebhookEvent[]> {
    const rows = await readPrepared<EventRow>(this.db, CLAIM_DUE_EVENTS, [leaseUntil, now, limit]);
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
    const [row] = await readPrepared<EventRow>(this.db, lock ? LOCK_EVENT : FIND_EVENT, [id]);
    return row ? toEvent(row) : null;
  }
}
