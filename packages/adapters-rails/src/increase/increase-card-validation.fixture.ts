import type Increase from 'increase';
import nock from 'nock';
import type { Strict } from '../http/sdk-params.js';
import {
  cardValidation,
  cardValidationAcceptance,
  cardValidationDecline,
  cardValidationSubmission,
} from '../testing/objects/increase-accounts.objects.js';
import { API_KEY, BASE_URL, errorBody } from './increase-sandbox.fixture.js';

/**
 * Card Validations as Increase's SDK defines them (increase 0.583.0, resources/card-validations.d.ts:
 * `CardValidation` with status pending_submission, submitted, requires_attention, complete, declined; `acceptance`
 * with the issuer's authorization and the cardholder match results, null when nothing was sent to match;
 * `decline` with `reason`) and as its guide runs them (increase.com/documentation/sending-card-validations: created
 * `pending_submission`, then moved by the network's answer).
 */
export type CardValidationState = 'pending' | 'submitted' | 'complete' | 'declined';

const SUBMISSION = cardValidationSubmission();

const STATES: Readonly<Record<CardValidationState, Partial<Strict<Increase.CardValidation>>>> = {
  pending: { status: 'pending_submission' },
  submitted: { status: 'submitted', submission: SUBMISSION },
  complete: { status: 'complete', submission: SUBMISSION, acceptance: cardValidationAcceptance() },
  declined: {
    status: 'declined',
    submission: SUBMISSION,
    decline: cardValidationDecline({ reason: 'closed_account' }),
  },
};

interface HeldValidation {
  readonly id: string;
  readonly body: Record<string, unknown>;
  state: CardValidationState;
}

/**
 * Increase's Card Validations scripted with nock: a create with a new key makes one validation in `initial`'s
 * state, a repeat with the same key and body answers it as it now is, one with another body answers 409
 * `idempotency_key_already_used_error` naming it, and `GET /card_validations/{id}` shows it.
 */
export class ScriptedCardValidations {
  private readonly byKey = new Map<string, HeldValidation>();
  /** Every create's body and `Idempotency-Key` header, in order. */
  readonly bodies: unknown[] = [];
  readonly keys: (string | null)[] = [];
  private fault: { status: number; body: object } | null = null;

  constructor(private readonly initial: CardValidationState) {
    nock(BASE_URL)
      .persist()
      .post('/card_validations')
      .reply(async (request: Request) => this.create(request));
    nock(BASE_URL)
      .persist()
      .get(/^\/card_validations\/[^/]+$/)
      .reply(async (request: Request) => this.show(new URL(request.url).pathname.split('/').at(-1) ?? ''));
  }

  get created(): number {
    return this.byKey.size;
  }

  /** Moves every validation to `state`, as the card network's answer would. */
  moveAll(state: CardValidationState): void {
    for (const held of this.byKey.values()) held.state = state;
  }

  failNextCreate(status: number, body: object): void {
    this.fault = { status, body };
  }

  private async create(request: Request): Promise<nock.ReplyFnResult> {
    if (request.headers.get('authorization') !== `Bearer ${API_KEY}`)
      return [401, errorBody(401, 'invalid_api_key_error', 'Invalid API key.', { reason: 'no_credential' })];
    const body = (await request.json()) as Record<string, unknown>;
    const key = request.headers.get('idempotency-key');
    this.bodies.push(body);
    this.keys.push(key);
    const fault = this.fault;
    this.fault = null;
    if (fault) return [fault.status, fault.body];
    const held = key === null ? undefined : this.byKey.get(key);
    if (held && JSON.stringify(held.body) !== JSON.stringify(body))
      return [
        409,
        errorBody(409, 'idempotency_key_already_used_error', 'The idempotency key was used before.', {
          resource_id: held.id,
        }),
      ];
    if (held) return [200, this.objectOf(key, held), { 'Idempotent-Replayed': 'true' }];
    const made = { id: `outbound_card_validation_${this.byKey.size + 1}q24`, body, state: this.initial };
    if (key !== null) this.byKey.set(key, made);
    return [200, this.objectOf(key, made)];
  }

  private show(id: string): nock.ReplyFnResult {
    for (const [key, held] of this.byKey) if (held.id === id) return [200, this.objectOf(key, held)];
    return [404, errorBody(404, 'object_not_found_error', 'Could not find the specified object.')];
  }

  /** The validation whole, with the account, card, merchant and cardholder its create named. */
  private objectOf(key: string | null, held: HeldValidation): object {
    const body = held.body as Strict<Increase.CardValidationCreateParams>;
    return cardValidation({
      id: held.id,
      account_id: body.account_id,
      card_token_id: body.card_token_id,
      cardholder_first_name: body.cardholder_first_name ?? null,
      cardholder_last_name: body.cardholder_last_name ?? null,
      cardholder_middle_name: body.cardholder_middle_name ?? null,
      cardholder_postal_code: body.cardholder_postal_code ?? null,
      cardholder_street_address: body.cardholder_street_address ?? null,
      created_at: '2026-01-15T12:00:00Z',
      idempotency_key: key,
      merchant_category_code: body.merchant_category_code,
      merchant_city_name: body.merchant_city_name,
      merchant_name: body.merchant_name,
      merchant_postal_code: body.merchant_postal_code,
      merchant_state: body.merchant_state,
      ...STATES[held.state],
    });
  }
}
