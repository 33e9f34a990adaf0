import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  achNotificationOfChange,
  achReturn,
  achSubmission,
  achTransfer,
  balanceLookup,
  cardPushAcceptance,
  cardPushSubmission,
  cardPushTransfer,
  increasePage,
  realTimePaymentsTransfer,
  routingNumber,
  wireReversal,
  wireSubmission,
  wireTransfer,
} from '@payout/adapters-rails/testing';
import { FakeIncreaseCardEndpoints } from './fake-increase-cards.endpoints.js';
import { type FakeAnswer, header, JsonFakeServer } from './json-fake.server.js';

/** One `POST /ach_transfers` as the fake received it. */
export interface AchTransferCreate {
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

type AchState = 'pending_submission' | 'submitted' | 'settled' | 'returned';
/** The fields of Increase's SDK types, as the builders take them. */
type AchFields = NonNullable<Parameters<typeof achTransfer>[0]>;
type NoticeFields = NonNullable<Parameters<typeof achNotificationOfChange>[0]>;
type ReturnReason = NonNullable<NonNullable<Parameters<typeof achReturn>[0]>['return_reason_code']>;

interface AchTransfer {
  readonly id: string;
  readonly idempotencyKey: string;
  /** The arguments of the create that made it, as JSON: a repeat of the key is a replay only with the same. */
  readonly arguments: string;
  readonly amount: number;
  state: AchState;
  /** The return's reason, as `POST /simulations/ach_transfers/:id/return` names it (`no_account` unless said). */
  returnReason?: string;
  /** `ACHTransfer.NotificationsOfChange`, oldest first. */
  readonly notices: ReturnType<typeof achNotificationOfChange>[];
}

/** The R codes of the return reasons a simulation names here (ACHTransfer.Return.return_reason_code). */
const RETURN_CODES: Readonly<Record<string, string>> = {
  insufficient_fund: 'R01',
  account_closed: 'R02',
  no_account: 'R03',
  invalid_account_number_structure: 'R04',
};

/**
 * Increase's change code for the fields a simulated Notification of Change corrects (the simulation takes the
 * corrected values only, ACHTransferCreateNotificationOfChangeParams, and names the change by them).
 */
function changeCodeOf(body: Record<string, unknown>): NoticeFields['change_code'] {
  const number = body.corrected_account_number !== undefined;
  const routing = body.corrected_routing_number !== undefined;
  const funding = body.corrected_account_funding !== undefined;
  if (number && routing && funding) return 'incorrect_routing_number_account_number_and_transaction_code';
  if (number && routing) return 'incorrect_routing_number_and_account_number';
  if (number && funding) return 'incorrect_account_number_and_transaction_code';
  if (number) return 'incorrect_account_number';
  return routing ? 'incorrect_routing_number' : 'incorrect_transaction_code';
}

const SETTLED_AT = '2026-01-15T18:30:00Z';
const CREATED_AT = '2026-01-15T12:00:00Z';
const ACCOUNT_ID = 'account_in71c4amph0vgo2qllky';

type IncreaseRail = 'ACH' | 'RTP' | 'WIRE' | 'PUSH_TO_CARD';

/** Each rail's list, and the `type` of its objects (the SDK's transfer resources). */
const LISTS: Readonly<Record<string, IncreaseRail>> = {
  '/ach_transfers': 'ACH',
  '/real_time_payments_transfers': 'RTP',
  '/wire_transfers': 'WIRE',
  '/card_push_transfers': 'PUSH_TO_CARD',
};

/**
 * A transfer put straight into the fake's book, as if made outside this service or moved by the network: its
 * rail, the idempotency key it carries (null for one made without), cents, when it was created, and where it is.
 */
export interface BookedTransfer {
  readonly rail: IncreaseRail;
  readonly id: string;
  readonly idempotencyKey: string | null;
  readonly amount: number;
  readonly createdAt: string;
  readonly outcome: 'pending' | 'paid' | 'failed' | 'returned';
  /** When it settled, failed or came back. */
  readonly finalAt?: string;
  readonly accountId?: string;
}

/** A `BookedTransfer`'s object, whole, its rail's SDK resource saying where the money is. */
function bookedObject(t: BookedTransfer): object {
  const final = t.finalAt ?? SETTLED_AT;
  const failed = t.outcome === 'failed';
  const moved = t.outcome === 'paid' || t.outcome === 'returned';
  const common = {
    id: t.id,
    account_id: t.accountId ?? ACCOUNT_ID,
    created_at: t.createdAt,
    idempotency_key: t.idempotencyKey,
    cancellation: failed ? { canceled_at: final, canceled_by: null } : null,
  };
  const bank = {
    ...common,
    amount: t.amount,
    transaction_id: moved ? `transaction_${t.id}` : null,
  };
  switch (t.rail) {
    case 'ACH':
      return achTransfer({
        ...bank,
        status: failed ? 'canceled' : t.outcome === 'returned' ? 'returned' : 'submitted',
        submission: failed ? null : achSubmission(),
        settlement: moved ? { settled_at: SETTLED_AT } : null,
        return: t.outcome === 'returned' ? achReturn({ created_at: final, transfer_id: t.id }) : null,
      });
    case 'RTP':
      return realTimePaymentsTransfer({
        ...bank,
        status: failed ? 'canceled' : t.outcome === 'paid' ? 'complete' : 'submitted',
        acknowledgement: t.outcome === 'paid' ? { acknowledged_at: final } : null,
        submission: { submitted_at: t.createdAt, transaction_identification: '20260115021000021' },
      });
    case 'WIRE':
      return wireTransfer({
        ...bank,
        status: failed
          ? 'canceled'
          : t.outcome === 'paid'
            ? 'complete'
            : t.outcome === 'returned'
              ? 'reversed'
              : 'submitted',
        submission: wireSubmission({ submitted_at: t.outcome === 'paid' ? final : SETTLED_AT }),
        reversal:
          t.outcome === 'returned'
            ? wireReversal({ amount: t.amount, created_at: final, wire_transfer_id: t.id })
            : null,
      });
    case 'PUSH_TO_CARD':
      return cardPushTransfer({
        ...common,
        presentment_amount: { currency: 'USD', value: (t.amount / 100).toFixed(2) },
        status: failed ? 'canceled' : t.outcome === 'paid' ? 'complete' : 'submitted',
        submission: failed ? null : cardPushSubmission(),
        acceptance:
          t.outcome === 'paid'
            ? cardPushAcceptance({ accepted_at: final, settlement_amount: t.amount })
            : null,
      });
  }
}

/**
 * A local stand-in for Increase's ACH transfers API, in the documented shapes (Increase's OpenAPI description as
 * its TypeScript SDK has it: whole `ACHTransfer` objects and the others, from the builders the oracle checks them
 * against; the `Idempotency-Key` rule, the sandbox's simulation endpoints):
 * `POST /ach_transfers` (one transfer per key: a repeat with the same arguments answers the first with
 * `Idempotent-Replayed: true`, one with other arguments a 409 `idempotency_key_already_used_error` naming it),
 * `GET /ach_transfers/:id`, and
 * `POST /simulations/ach_transfers/:id/settle`, `…/return` (with its `reason`) and
 * `…/create_notification_of_change` (the corrected values) as Increase's sandbox offers them;
 * `GET /accounts/:id/balance` (a `BalanceLookup`), `GET /routing_numbers` (a few banks); the lists of ACH, RTP,
 * wire and card push transfers, paged, over the transfers it made and those a test put in its book; and the card
 * endpoints of FakeIncreaseCardEndpoints.
 */
export class FakeIncrease extends JsonFakeServer {
  readonly creates: AchTransferCreate[] = [];
  /**
   * How the next creates are answered: as Increase does, or a 503 after making the transfer (an answer lost on the
   * way back) or before (nothing made).
   */
  creating: 'answered' | 'made-unanswered' | 'refused' = 'answered';
  /** The `idempotency_key` of each list request, in order. */
  readonly lookups: string[] = [];
  /** The routing numbers `GET /routing_numbers` knows a bank for (Increase's sandbox knows a few). */
  readonly routingNumbers = new Set(['021000021', '011000015', '110000000']);
  /** What `GET /accounts/:id/balance` answers as `available_balance`, in cents. */
  availableBalance = 2_500_000;
  /** The card vault and Card Push Transfers, served by the same fake. */
  readonly cards = new FakeIncreaseCardEndpoints();
  /** How many objects a list page holds at most: Increase's is 100 (the SDK's PageParams), a test's may be less. */
  pageSize = 100;
  /** Transfers put in the book by `book`, beside the ACH transfers this fake made. */
  private readonly booked: BookedTransfer[] = [];
  private readonly transfers = new Map<string, AchTransfer>();
  /** Transfers this fake made that its lists leave out (`unlist`). */
  private readonly unlisted = new Set<string>();

  constructor() {
    super('increase');
  }

  static start(): Promise<FakeIncrease> {
    return new FakeIncrease().listen();
  }

  /**
   * Puts transfers in the book, as Increase would list them. One with the id of a transfer already in the book, or
   * of one this fake made, stands for it in the lists from then on: the provider's own record of that payout.
   */
  book(...transfers: BookedTransfer[]): void {
    for (const transfer of transfers) {
      const earlier = this.booked.findIndex((t) => t.id === transfer.id);
      if (earlier >= 0) this.booked[earlier] = transfer;
      else this.booked.push(transfer);
    }
  }

  /** Leaves transfer `id` out of the lists (`GET /ach_transfers/:id` still shows it): a payout Increase has no record of. */
  unlist(id: string): void {
    this.unlisted.add(id);
  }

  protected answer(req: IncomingMessage, raw: string): FakeAnswer {
    const path = req.url ?? '';
    const simulated =
      /^\/simulations\/ach_transfers\/([^/]+)\/(settle|return|create_notification_of_change)$/.exec(path);
    const shown = /^\/ach_transfers\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && path === '/ach_transfers') return this.create(req, raw);
    if (req.method === 'GET' && path.startsWith('/routing_numbers?')) return this.routingNumber(path);
    const balance = /^\/accounts\/([^/]+)\/balance$/.exec(path);
    if (req.method === 'GET' && balance)
      return [
        200,
        balanceLookup({
          account_id: balance[1] ?? ACCOUNT_ID,
          available_balance: this.availableBalance,
          current_balance: this.availableBalance,
        }),
      ];
    const listed = LISTS[path.split('?')[0] ?? ''];
    if (req.method === 'GET' && listed) return this.list(listed, path);
    if (req.method === 'GET' && shown) return this.show(shown[1] ?? '');
    if (req.method === 'POST' && simulated) {
      const transfer = this.transfers.get(simulated[1] ?? '');
      if (!transfer) return notFound();
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      if (simulated[2] === 'create_notification_of_change') {
        const corrected = body as NoticeFields;
        transfer.notices.push(
          achNotificationOfChange({
            change_code: changeCodeOf(body),
            corrected_account_number: corrected.corrected_account_number ?? null,
            corrected_routing_number: corrected.corrected_routing_number ?? null,
            corrected_account_funding: corrected.corrected_account_funding ?? null,
            corrected_individual_id: corrected.corrected_individual_id ?? null,
            created_at: new Date(Date.UTC(2026, 0, 16, 12, 0, transfer.notices.length)).toISOString(),
          }),
        );
      } else if (simulated[2] === 'settle') transfer.state = 'settled';
      else {
        transfer.state = 'returned';
        transfer.returnReason = typeof body.reason === 'string' ? body.reason : 'no_account';
      }
      return [200, this.objectOf(transfer)];
    }
    const received = () => ({
      path,
      idempotencyKey: header(req, 'idempotency-key'),
      authorization: header(req, 'authorization'),
      body: JSON.parse(raw || '{}') as Record<string, unknown>,
    });
    return this.cards.answer(req.method, received) ?? notFound();
  }

  /** `GET /routing_numbers?routing_number=…`: the bank (a `RoutingNumberListResponse`), or an empty list. */
  private routingNumber(path: string): FakeAnswer {
    const number = new URL(path, 'http://fake').searchParams.get('routing_number') ?? '';
    const data = this.routingNumbers.has(number) ? [routingNumber({ routing_number: number })] : [];
    return [200, increasePage(data)];
  }

  /**
   * A rail's list (`GET /ach_transfers?…` and the others), filtered as the SDK's `…ListParams` filter
   * (`idempotency_key`, `account_id`, `created_at.*`), a page of at most `limit` and `pageSize` objects, and a
   * `next_cursor` while more follow.
   */
  private list(rail: IncreaseRail, path: string): FakeAnswer {
    const query = new URL(path, 'http://fake').searchParams;
    const key = query.get('idempotency_key');
    if (key !== null) this.lookups.push(key);
    const shown = (id: string) => !this.unlisted.has(id);
    const booked = this.booked.filter((t) => t.rail === rail && shown(t.id));
    const made =
      rail === 'ACH'
        ? [...this.transfers.values()]
            .filter((t) => shown(t.id) && !this.booked.some((b) => b.id === t.id))
            .map((t) => this.objectOf(t))
        : [];
    const all = [...made, ...booked.map(bookedObject)] as {
      idempotency_key: string | null;
      account_id: string;
      created_at: string;
    }[];
    const time = (name: string) => (query.has(name) ? Date.parse(query.get(name) ?? '') : undefined);
    const [after, before, onOrAfter, onOrBefore] = ['after', 'before', 'on_or_after', 'on_or_before'].map(
      (bound) => time(`created_at.${bound}`),
    );
    const kept = all.filter((t) => {
      const at = Date.parse(t.created_at);
      return (
        (key === null || t.idempotency_key === key) &&
        (!query.has('account_id') || t.account_id === query.get('account_id')) &&
        (after === undefined || at > after) &&
        (before === undefined || at < before) &&
        (onOrAfter === undefined || at >= onOrAfter) &&
        (onOrBefore === undefined || at <= onOrBefore)
      );
    });
    const from = Number(/^cursor_(\d+)$/.exec(query.get('cursor') ?? '')?.[1] ?? 0);
    const size = Math.min(this.pageSize, Number(query.get('limit') ?? 100));
    const data = kept.slice(from, from + size);
    return [200, increasePage(data, from + size < kept.length ? `cursor_${from + size}` : null)];
  }

  private create(req: IncomingMessage, raw: string): FakeAnswer {
    const body = JSON.parse(raw) as Record<string, unknown>;
    const idempotencyKey = header(req, 'idempotency-key');
    this.creates.push({ idempotencyKey, authorization: header(req, 'authorization'), body });
    const unavailable: FakeAnswer = [
      503,
      { status: 503, type: 'internal_server_error', title: 'Unavailable' },
    ];
    if (this.creating === 'refused') return unavailable;
    const existing = this.madeWith(idempotencyKey);
    if (existing) return this.repeated(existing, body);
    const transfer: AchTransfer = {
      id: `ach_transfer_${this.transfers.size + 1}`,
      idempotencyKey: idempotencyKey ?? '',
      arguments: JSON.stringify(body),
      amount: Number(body.amount),
      state: 'pending_submission',
      notices: [],
    };
    this.transfers.set(transfer.id, transfer);
    return this.creating === 'made-unanswered' ? unavailable : [200, this.objectOf(transfer)];
  }

  /** The transfers this fake made under `idempotencyKey`: Increase's book holds at most one per key. */
  transfersWithKey(idempotencyKey: string): readonly string[] {
    return [...this.transfers.values()].filter((t) => t.idempotencyKey === idempotencyKey).map((t) => t.id);
  }

  private madeWith(idempotencyKey: string | undefined): AchTransfer | undefined {
    return idempotencyKey === undefined
      ? undefined
      : [...this.transfers.values()].find((t) => t.idempotencyKey === idempotencyKey);
  }

  /**
   * A create under a key already used, as Increase's "Idempotency keys" guide says: the same arguments get the
   * object the first request made, marked replayed; other arguments are a second object, refused with a 409 that
   * names the first.
   */
  private repeated(existing: AchTransfer, body: Record<string, unknown>): FakeAnswer {
    if (JSON.stringify(body) === existing.arguments)
      return [200, this.objectOf(existing), { 'idempotent-replayed': 'true' }];
    return [
      409,
      {
        status: 409,
        type: 'idempotency_key_already_used_error',
        title: 'The idempotency key submitted has already been used.',
        detail: null,
        resource_id: existing.id,
      },
    ];
  }

  private show(id: string): FakeAnswer {
    const transfer = this.transfers.get(id);
    return transfer ? [200, this.objectOf(transfer)] : notFound();
  }

  /** The ACH transfer whole, in its state; a return names its R code and Increase's name for it. */
  private objectOf(transfer: AchTransfer): object {
    const submission = achSubmission();
    const settlement = { settled_at: SETTLED_AT };
    const reason = (transfer.returnReason ?? 'no_account') as ReturnReason;
    const states: Record<AchState, AchFields> = {
      pending_submission: { status: 'pending_submission' },
      submitted: { status: 'submitted', submission },
      settled: { status: 'submitted', submission, settlement },
      returned: {
        status: 'returned',
        submission,
        settlement,
        return: achReturn({
          raw_return_reason_code: RETURN_CODES[reason] ?? 'R17',
          return_reason_code: reason,
          transfer_id: transfer.id,
        }),
      },
    };
    return achTransfer({
      id: transfer.id,
      account_id: ACCOUNT_ID,
      amount: transfer.amount,
      created_at: CREATED_AT,
      idempotency_key: transfer.idempotencyKey,
      notifications_of_change: transfer.notices,
      ...states[transfer.state],
    });
  }
}

/** An Increase Event about `objectId`, signed as Increase signs webhooks (`Increase-Webhook-Signature`). */
export function signedIncreaseEvent(
  secret: string,
  objectId: string,
  at = new Date(),
): { body: string; signature: string } {
  const body = JSON.stringify({
    id: `event_${objectId}`,
    associated_object_id: objectId,
    associated_object_type: 'ach_transfer',
    category: 'ach_transfer.updated',
    created_at: at.toISOString(),
    type: 'event',
  });
  const t = at.toISOString();
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return { body, signature: `t=${t},v1=${v1}` };
}

const notFound = (): FakeAnswer => [404, { status: 404, type: 'object_not_found_error', title: 'Not found' }];
