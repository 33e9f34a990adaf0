import type { RailSubmission } from '@payout/domain';
import type Increase from 'increase';
import nock from 'nock';
import type { Strict } from '../http/sdk-params.js';
import {
  achReturn,
  achSubmission,
  achTransfer,
  cardPushTransfer,
  realTimePaymentsTransfer,
  rtpRejection,
  wireReversal,
  wireSubmission,
  wireTransfer,
} from '../testing/objects/increase-transfers.objects.js';
import { bankSubmission, ScriptedCreates } from '../testing/scripted-provider.js';
import type { IncreaseRailId } from './increase-api.types.js';
import { cardPushFields } from './increase-card-push.fixture.js';
import { type CardValidationState, ScriptedCardValidations } from './increase-card-validation.fixture.js';
import { ACCOUNT_ID, API_KEY, BASE_URL, errorBody } from './increase-sandbox.fixture.js';
import { TRANSFER_PATHS } from './increase-transfer-request.mapping.js';

/**
 * A scripted Increase for the Increase suites, in the documented shapes of its API. Sources (Increase's OpenAPI
 * description as generated into its TypeScript SDK, Increase/increase-typescript at aac4760e, and its guides):
 * - transfer objects, whole (testing/objects, checked against the SDK's types as every answer is):
 *   src/resources/ach-transfers.ts (`ACHTransfer`: status pending_approval … submitted,
 *   returned; `submission.expected_funds_settlement_at`; `settlement.settled_at` filled while the status stays
 *   `submitted`; `return.raw_return_reason_code` "R03" with `return_reason_code` "no_account"),
 *   real-time-payments-transfers.ts (`RealTimePaymentsTransfer`: submitted, complete, rejected with
 *   `rejection.reject_reason_code`; `acknowledgement.acknowledged_at`), wire-transfers.ts (`WireTransfer`:
 *   pending_creating, submitted, complete, reversed with `reversal`);
 * - errors: src/core/error.ts (`{status, type, title, detail}`; `invalid_parameters_error` 400 with `errors`,
 *   `idempotency_key_already_used_error` 409 with `resource_id`, `rate_limited_error` 429 with `retry_after`,
 *   `object_not_found_error` 404, `internal_server_error` 500);
 * - idempotency: increase.com/documentation/idempotency-keys (a repeat with the same key and arguments answers
 *   the first object with `Idempotent-Replayed: true`; different arguments answer 409 with `resource_id`).
 */
export { ACCOUNT_ID, API_KEY, BASE_URL, errorBody } from './increase-sandbox.fixture.js';
export const ACCOUNT_NUMBER_ID = 'account_number_v18nkfqm6afpsrvy82b2';
export const ACCOUNT_NUMBER = '987654321';
export const ROUTING_NUMBER = '101050001';
const CREATED_AT = '2026-01-15T12:00:00Z';
const TRANSACTION_ID = 'transaction_uyrp7fld2ium70oa7oi';
export const SETTLED_AT = '2026-01-15T18:30:00Z';
export const EXPECTED_SETTLEMENT_AT = '2026-01-16T13:00:00Z';

export const submission = (overrides: Partial<RailSubmission> = {}): RailSubmission =>
  bankSubmission({ routingNumber: ROUTING_NUMBER, accountNumber: ACCOUNT_NUMBER }, overrides);

/** Where a scripted transfer is in its life; `returned` is an ACH return or a wire reversal. */
export type TransferState = 'pending' | 'submitted' | 'settled' | 'declined' | 'returned';

type Fields<T> = Partial<Strict<T>>;
const ACH_SUBMISSION = achSubmission({ expected_funds_settlement_at: EXPECTED_SETTLEMENT_AT });
const ACH_STATES: Readonly<Record<TransferState, Fields<Increase.ACHTransfer>>> = {
  pending: { status: 'pending_submission' },
  submitted: { status: 'submitted', submission: ACH_SUBMISSION },
  settled: { status: 'submitted', submission: ACH_SUBMISSION, settlement: { settled_at: SETTLED_AT } },
  declined: { status: 'rejected' },
  returned: {
    status: 'returned',
    submission: ACH_SUBMISSION,
    settlement: { settled_at: SETTLED_AT },
    return: achReturn({ raw_return_reason_code: 'R03', return_reason_code: 'no_account' }),
  },
};

const RTP_SUBMISSION = {
  submitted_at: '2026-01-15T12:00:01Z',
  transaction_identification: '20260115021000021',
};
const RTP_STATES: Readonly<
  Record<Exclude<TransferState, 'returned'>, Fields<Increase.RealTimePaymentsTransfer>>
> = {
  pending: { status: 'pending_submission' },
  submitted: { status: 'submitted', submission: RTP_SUBMISSION },
  settled: {
    status: 'complete',
    submission: RTP_SUBMISSION,
    acknowledgement: { acknowledged_at: '2026-01-15T12:00:03Z' },
  },
  declined: {
    status: 'rejected',
    submission: RTP_SUBMISSION,
    rejection: rtpRejection({ reject_reason_code: 'account_closed' }),
  },
};

const WIRE_SUBMISSION = wireSubmission({ submitted_at: SETTLED_AT });
const WIRE_STATES: Readonly<Record<TransferState, Fields<Increase.WireTransfer>>> = {
  pending: { status: 'pending_creating' },
  submitted: { status: 'submitted', submission: WIRE_SUBMISSION },
  settled: { status: 'complete', submission: WIRE_SUBMISSION },
  declined: { status: 'rejected' },
  returned: { status: 'reversed', submission: WIRE_SUBMISSION, reversal: wireReversal({ amount: 123456 }) },
};

/**
 * An Increase transfer object of `rail` in `state`, whole. `amount` is the create request's: cents on the bank
 * rails, the `presentment_amount` object of a card push.
 */
export function transferObject(
  rail: IncreaseRailId,
  fields: { id: string; idempotencyKey: string; amount: unknown },
  state: TransferState,
): object {
  const common = {
    id: fields.id,
    account_id: ACCOUNT_ID,
    created_at: CREATED_AT,
    idempotency_key: fields.idempotencyKey,
  };
  const bank = { ...common, amount: fields.amount as number, transaction_id: TRANSACTION_ID };
  const destination = { account_number: ACCOUNT_NUMBER, routing_number: ROUTING_NUMBER };
  const unknown = () => new Error(`a ${rail} transfer cannot be ${state}`);
  switch (rail) {
    case 'ACH':
      return achTransfer({ ...bank, ...destination, ...ACH_STATES[state] });
    case 'RTP': {
      if (state === 'returned') throw unknown();
      return realTimePaymentsTransfer({
        ...bank,
        ...destination,
        source_account_number_id: ACCOUNT_NUMBER_ID,
        ...RTP_STATES[state],
      });
    }
    case 'WIRE':
      return wireTransfer({
        ...bank,
        ...destination,
        source_account_number_id: ACCOUNT_NUMBER_ID,
        ...WIRE_STATES[state],
      });
    case 'PUSH_TO_CARD': {
      if (state === 'returned') throw unknown();
      return cardPushTransfer(cardPushFields(common, fields.amount, state));
    }
  }
}

const TYPES: Readonly<Record<IncreaseRailId, string>> = {
  ACH: 'ach_transfer',
  RTP: 'real_time_payments_transfer',
  WIRE: 'wire_transfer',
  PUSH_TO_CARD: 'card_push_transfer',
};

interface HeldTransfer {
  readonly id: string;
  readonly amount: unknown;
  state: TransferState;
}

/**
 * Increase's transfer endpoints of one rail, scripted with nock: a create with a new key makes one transfer, a
 * repeat answers it again with `Idempotent-Replayed: true`, a GET shows it in its current state. Faults are
 * queued for the next creates; `fetch` loses the answer of a create that Increase did make (a timeout after
 * the request got through).
 */
export class ScriptedIncrease extends ScriptedCreates {
  private readonly byKey = new Map<string, HeldTransfer>();
  /** Every create request's body and `Idempotency-Key` header, in order. */
  readonly bodies: unknown[] = [];
  readonly keys: (string | null)[] = [];
  /**
   * A card push's validation (PUSH_TO_CARD only), asked about before each push: by default one made at link time
   * and since accepted by the issuer.
   */
  readonly validations: ScriptedCardValidations | null;

  constructor(
    readonly rail: IncreaseRailId,
    validation: CardValidationState = 'complete',
  ) {
    super();
    this.validations = rail === 'PUSH_TO_CARD' ? new ScriptedCardValidations(validation) : null;
    const path = TRANSFER_PATHS[rail];
    // nock 15 calls a one-argument reply function with the WHATWG Request.
    nock(BASE_URL)
      .persist()
      .post(path)
      .reply(async (request: Request) => this.create(request));
    nock(BASE_URL)
      .persist()
      .get(path)
      .query(true)
      .reply(async (request: Request) => this.list(request));
    nock(BASE_URL)
      .persist()
      .get(new RegExp(`^${path}/[^/]+$`))
      .reply(async (request: Request) =>
        this.show(request, decodeURIComponent(new URL(request.url).pathname.slice(path.length + 1))),
      );
  }

  protected override losesAnswerOf(url: string): boolean {
    return !url.includes('/card_validations');
  }

  /** Transfers Increase holds: at most one per idempotency key. */
  get created(): number {
    return this.byKey.size;
  }

  /** Moves the transfer created with `key` to `state`, as Increase and the network would. */
  move(key: string, state: TransferState): void {
    const transfer = this.byKey.get(key);
    if (!transfer) throw new Error(`no transfer for key ${key}`);
    transfer.state = state;
  }

  private async create(request: Request): Promise<nock.ReplyFnResult> {
    if (request.headers.get('authorization') !== `Bearer ${API_KEY}`)
      return [401, errorBody(401, 'invalid_api_key_error', 'Invalid API key.', { reason: 'no_credential' })];
    const body = (await request.json()) as { amount?: number; presentment_amount?: object };
    this.bodies.push(body);
    this.keys.push(request.headers.get('idempotency-key'));
    const fault = this.nextFault();
    if (fault) return fault;
    const key = String(request.headers.get('idempotency-key'));
    const amount = this.rail === 'PUSH_TO_CARD' ? body.presentment_amount : body.amount;
    const held = this.byKey.get(key);
    if (held) return [200, this.objectOf(key, held), { 'Idempotent-Replayed': 'true' }];
    const transfer = {
      id: `${TYPES[this.rail]}_${this.byKey.size + 1}xk2`,
      amount,
      state: 'pending' as const,
    };
    this.byKey.set(key, { ...transfer });
    return [200, this.objectOf(key, transfer)];
  }

  /** The list filtered by `idempotency_key` (the SDK's `…ListParams`): `{data, next_cursor}`. */
  readonly lookups: string[] = [];

  private list(request: Request): nock.ReplyFnResult {
    if (request.headers.get('authorization') !== `Bearer ${API_KEY}`)
      return [401, errorBody(401, 'invalid_api_key_error', 'Invalid API key.', { reason: 'no_credential' })];
    const key = new URL(request.url).searchParams.get('idempotency_key');
    this.lookups.push(String(key));
    const held = key === null ? undefined : this.byKey.get(key);
    const data =
      key === null
        ? [...this.byKey].map(([k, t]) => this.objectOf(k, t))
        : held
          ? [this.objectOf(key, held)]
          : [];
    return [200, { data, next_cursor: null }];
  }

  private show(request: Request, id: string): nock.ReplyFnResult {
    if (request.headers.get('authorization') !== `Bearer ${API_KEY}`)
      return [401, errorBody(401, 'invalid_api_key_error', 'Invalid API key.', { reason: 'no_credential' })];
    for (const [key, transfer] of this.byKey)
      if (transfer.id === id) return [200, this.objectOf(key, transfer)];
    return [404, errorBody(404, 'object_not_found_error', 'Could not find the specified object.')];
  }

  private objectOf(key: string, transfer: HeldTransfer): object {
    return transferObject(
      this.rail,
      { id: transfer.id, idempotencyKey: key, amount: transfer.amount },
      transfer.state,
    );
  }
}
