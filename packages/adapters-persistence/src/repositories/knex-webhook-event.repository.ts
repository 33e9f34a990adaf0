import {
  type ClaimSpread,
  type DeliveryState,
  StaleWebhookEventError,
  type WebhookAttempt,
  type WebhookEvent,
  type WebhookEventRepository,
  type WebhookStatus,
} from '@payout/domain';
import { limitedRead, readPrepared } from '../sql/connection.js';
import { exactlyOne, insertWrite, type SqlWriter, updateWrite } from '../sql/sql-write.js';
import { type Db, isUuid } from './columns.js';
import { isUniqueViolation } from './pg-errors.js';

interface EventRow {
  id: string;
  merchant_id: string;
  withdrawal_id: string;
  sequence: number;
  status: WebhookStatus;
  /** `body::text`: node-postgres would parse `jsonb` into objects the worker only serialises again. */
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

const toEvent = (row: EventRow): WebhookEvent => ({
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

/** An event's columns, its body as the text PostgreSQL keeps for it (`jsonb`'s, the same on every read). */
const EVENT_FIELDS = [
  ...['id', 'merchant_id', 'withdrawal_id', 'sequence', 'status', 'created_at'],
  ...['delivery_state', 'attempts', 'next_attempt_at', 'delivered_at'],
];
const eventColumns = (table: string) =>
  EVENT_FIELDS.map((column) => `${table}.${column}`)
    .concat(`${table}.body::text AS body`)
    .join(', ');
const EVENT_COLUMNS = eventColumns('webhook_events');

const FIND_EVENT = {
  name: 'webhook_event_by_id',
  text: `SELECT ${EVENT_COLUMNS} FROM webhook_events WHERE id = $1`,
};
const LOCK_EVENT = {
  name: 'webhook_event_lock',
  text: `SELECT ${EVENT_COLUMNS} FROM webhook_events WHERE id = $1 FOR UPDATE`,
};
const EVENTS_OF_WITHDRAWAL = {
  name: 'webhook_events_of_withdrawal',
  text: `SELECT ${EVENT_COLUMNS} FROM webhook_events WHERE withdrawal_id = $1 ORDER BY sequence`,
};
const LATEST_EVENT = {
  name: 'webhook_event_latest',
  text: `${EVENTS_OF_WITHDRAWAL.text} DESC LIMIT 1`,
};
/** The types of the columns an event update names (migration 0004), for merged updates. */
const EVENT_COLUMN_TYPES = {
  id: 'uuid',
  delivery_state: 'text',
  attempts: 'integer',
  next_attempt_at: 'timestamptz',
  delivered_at: 'timestamptz',
};

/** Earliest due first; SKIP LOCKED so that concurrent claimers take disjoint events (see the withdrawals' claim). */
const CLAIM_DUE = limitedRead(
  'webhook_events_claim_due',
  (limit) => `UPDATE webhook_events e SET next_attempt_at = $1
          WHERE e.id = ANY(ARRAY(SELECT id FROM webhook_events
                                  WHERE delivery_state = 'PENDING' AND next_attempt_at <= $2
                                  ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED))
          RETURNING ${eventColumns('e')}`,
);

/**
 * The claim spread over merchants (`ClaimSpread`): the first due events of the merchants with room, locked as
 * CLAIM_DUE locks them, then at most each merchant's room of them ($3 the merchants with events in flight, $4 how
 * many, $5 the most per merchant). The rows locked and not taken are free again when the statement ends (it is
 * its own transaction). A merchant with no room is left out of the scan; its due rows are read past (the due index
 * does not hold `merchant_id`), a cost only while it has a backlog and no room.
 */
const CLAIM_DUE_SPREAD = limitedRead(
  'webhook_events_claim_due_spread',
  (limit) => `UPDATE webhook_events e SET next_attempt_at = $1
          WHERE e.id = ANY(ARRAY(
            SELECT ranked.id FROM (
              SELECT due.id, due.next_attempt_at,
                     row_number() OVER (PARTITION BY due.merchant_id ORDER BY due.next_attempt_at, due.id)
                       + COALESCE(busy.in_flight, 0) AS nth
              FROM (SELECT id, merchant_id, next_attempt_at FROM webhook_events
                    WHERE delivery_state = 'PENDING' AND next_attempt_at <= $2
                      AND merchant_id <> ALL(ARRAY(SELECT m FROM unnest($3::uuid[], $4::integer[]) AS f(m, n)
                                                   WHERE n >= $5::integer))
                    ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED) AS due
              LEFT JOIN unnest($3::uuid[], $4::integer[]) AS busy(merchant_id, in_flight)
                ON busy.merchant_id = due.merchant_id
            ) AS ranked
            WHERE ranked.nth <= $5::integer))
          RETURNING ${eventColumns('e')}`,
);

/** Whether `spread` can take anything away from a claim of `limit` events. */
const limits = (spread: ClaimSpread | undefined, limit: number): spread is ClaimSpread =>
  spread !== undefined &&
  (spread.perMerchant < limit || [...spread.inFlight.values()].some((n) => spread.perMerchant - n < limit));

export class KnexWebhookEventRepository implements WebhookEventRepository {
  constructor(
    private readonly db: Db,
    private readonly writer: SqlWriter,
  ) {}

  async insert(event: WebhookEvent): Promise<void> {
    const row = {
      id: event.id,
      merchant_id: event.merchantId,
      withdrawal_id: event.withdrawalId,
      sequence: event.sequence,
      status: event.status,
      body: event.body,
      created_at: event.createdAt,
      delivery_state: event.deliveryState,
      attempts: event.attempts,
      next_attempt_at: event.nextAttemptAt,
      delivered_at: event.deliveredAt,
    };
    await this.writer.write(insertWrite('webhook_events', [row], ['withdrawals']));
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
      ? { id: event.id, delivery_state: 'PENDING', attempts: expectedAttempts }
      : { id: event.id };
    await this.writer.write(
      updateWrite(
        'webhook_events',
        set,
        where,
        EVENT_COLUMN_TYPES,
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
      ...insertWrite('webhook_attempts', [row], ['webhook_events']),
      // Another worker recorded this attempt number first (its lease on the event had run out).
      translate: (error) =>
        isUniqueViolation(error, 'webhook_attempts_once')
          ? new StaleWebhookEventError(attempt.eventId)
          : undefined,
    });
  }

  async claimDue(
    now: Date,
    leaseUntil: Date,
    limit: number,
    spread?: ClaimSpread,
  ): Promise<readonly WebhookEvent[]> {
    const rows = limits(spread, limit)
      ? await readPrepared<EventRow>(this.db, CLAIM_DUE_SPREAD(limit), [
          leaseUntil,
          now,
          [...spread.inFlight.keys()],
          [...spread.inFlight.values()],
          spread.perMerchant,
        ])
      : await readPrepared<EventRow>(this.db, CLAIM_DUE(limit), [leaseUntil, now]);
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
