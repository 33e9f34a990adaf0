import {
  cardPushAcceptance,
  cardPushDecline,
  cardPushSubmission,
  cardPushTransfer,
  cardValidation,
  cardValidationAcceptance,
  cardValidationDecline,
  cardValidationSubmission,
} from '@payout/adapters-rails/testing';

/** One request as the fake received it. */
export interface ReceivedRequest {
  readonly path: string;
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

interface CardPushTransfer {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly request: Record<string, unknown>;
  status: 'pending_submission' | 'complete' | 'declined';
}

type ValidationStatus = 'pending_submission' | 'complete' | 'declined';
/**
 * The create bodies, read by the names the objects share with them (the oracle checked them against the SDK's
 * `…CreateParams` before they got here).
 */
type ValidationFields = NonNullable<Parameters<typeof cardValidation>[0]>;
type PushFields = NonNullable<Parameters<typeof cardPushTransfer>[0]>;

interface CardValidation {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly request: Record<string, unknown>;
  status: ValidationStatus;
}

/**
 * Increase's card vault, Card Validations and Card Push Transfers for the local fake of Increase (FakeIncrease
 * serves them), in the documented shapes (Increase's guide "Creating card tokens": `POST /card_tokens` answers
 * `{"card_token": …}`; its SDK's `CardValidation` and `CardPushTransfer`): `POST /card_tokens`,
 * `POST /card_validations` and `POST /card_push_transfers` (one object per key, a repeat answers the first as it
 * now is) and `GET /card_push_transfers/:id`. A validation is created `pending_submission`, as Increase runs it
 * asynchronously, unless `validationsAnswerAtOnce` says the issuer's answer is already in. Increase's sandbox has
 * no endpoint that completes a card validation or push, so a test moves them (`answerValidations`, `complete`,
 * `decline`).
 */
export class FakeIncreaseCardEndpoints {
  readonly tokenizations: ReceivedRequest[] = [];
  readonly creates: ReceivedRequest[] = [];
  readonly validationCreates: ReceivedRequest[] = [];
  /** The status a new validation is created in. */
  validationsAnswerAtOnce: ValidationStatus = 'pending_submission';
  private readonly transfers = new Map<string, CardPushTransfer>();
  private readonly validations = new Map<string, CardValidation>();

  /** The issuer's answer to every validation made so far. */
  answerValidations(status: 'complete' | 'declined'): void {
    for (const validation of this.validations.values()) validation.status = status;
  }

  complete(id: string): void {
    this.move(id, 'complete');
  }

  decline(id: string): void {
    this.move(id, 'declined');
  }

  private move(id: string, status: CardPushTransfer['status']): void {
    const transfer = this.transfers.get(id);
    if (!transfer) throw new Error(`no card push transfer ${id}`);
    transfer.status = status;
  }

  /** The answer to a request on these endpoints; `undefined` for any other request. */
  answer(method: string | undefined, request: () => ReceivedRequest): [number, object] | undefined {
    const { path } = request();
    if (method === 'POST' && path === '/card_tokens') {
      this.tokenizations.push(request());
      return [200, { card_token: `outbound_card_token_${this.tokenizations.length}` }];
    }
    if (method === 'POST' && path === '/card_push_transfers') return this.create(request());
    if (method === 'POST' && path === '/card_validations') return this.validate(request());
    const shown = /^\/card_push_transfers\/([^/]+)$/.exec(path);
    const transfer = shown && this.transfers.get(shown[1] ?? '');
    return method === 'GET' && transfer ? [200, this.objectOf(transfer)] : undefined;
  }

  private create(request: ReceivedRequest): [number, object] {
    this.creates.push(request);
    const key = request.idempotencyKey ?? '';
    const existing = [...this.transfers.values()].find((t) => t.idempotencyKey === key);
    if (existing) return [200, this.objectOf(existing)];
    const transfer: CardPushTransfer = {
      id: `outbound_card_push_transfer_${this.transfers.size + 1}`,
      idempotencyKey: key,
      request: request.body,
      status: 'pending_submission',
    };
    this.transfers.set(transfer.id, transfer);
    return [200, this.objectOf(transfer)];
  }

  private validate(request: ReceivedRequest): [number, object] {
    this.validationCreates.push(request);
    const key = request.idempotencyKey ?? '';
    const validation = this.validations.get(key) ?? {
      id: `outbound_card_validation_${this.validations.size + 1}`,
      idempotencyKey: key,
      request: request.body,
      status: this.validationsAnswerAtOnce,
    };
    this.validations.set(key, validation);
    const { status } = validation;
    const at = new Date().toISOString();
    const body = validation.request as ValidationFields;
    return [
      200,
      cardValidation({
        id: validation.id,
        idempotency_key: key,
        account_id: body.account_id,
        card_token_id: body.card_token_id,
        merchant_category_code: body.merchant_category_code,
        merchant_city_name: body.merchant_city_name,
        merchant_name: body.merchant_name,
        merchant_postal_code: body.merchant_postal_code,
        merchant_state: body.merchant_state,
        created_at: at,
        status,
        submission: status === 'pending_submission' ? null : cardValidationSubmission({ submitted_at: at }),
        acceptance:
          status === 'complete'
            ? cardValidationAcceptance({ accepted_at: at, authorization_identification_response: 'A1B2C3' })
            : null,
        decline:
          status === 'declined' ? cardValidationDecline({ declined_at: at, reason: 'closed_account' }) : null,
      }),
    ];
  }

  /** The push whole, from the sender and to the card its create named, in its status. */
  private objectOf(transfer: CardPushTransfer): object {
    const { status } = transfer;
    const body = transfer.request as PushFields;
    const at = new Date().toISOString();
    return cardPushTransfer({
      id: transfer.id,
      idempotency_key: transfer.idempotencyKey,
      card_token_id: body.card_token_id,
      presentment_amount: body.presentment_amount,
      business_application_identifier: body.business_application_identifier,
      merchant_category_code: body.merchant_category_code,
      merchant_city_name: body.merchant_city_name,
      merchant_name: body.merchant_name,
      merchant_name_prefix: body.merchant_name_prefix,
      merchant_postal_code: body.merchant_postal_code,
      merchant_state: body.merchant_state,
      merchant_legal_business_name: body.merchant_legal_business_name ?? null,
      merchant_street_address: body.merchant_street_address ?? null,
      recipient_name: body.recipient_name,
      recipient_address_city: body.recipient_address_city ?? null,
      recipient_address_line1: body.recipient_address_line1 ?? null,
      recipient_address_postal_code: body.recipient_address_postal_code ?? null,
      recipient_address_state: body.recipient_address_state ?? null,
      sender_address_city: body.sender_address_city,
      sender_address_line1: body.sender_address_line1,
      sender_address_postal_code: body.sender_address_postal_code,
      sender_address_state: body.sender_address_state,
      sender_name: body.sender_name,
      source_account_number_id: body.source_account_number_id,
      status,
      submission: status === 'pending_submission' ? null : cardPushSubmission({ submitted_at: at }),
      acceptance:
        status === 'complete' ? cardPushAcceptance({ accepted_at: at, settlement_amount: 0 }) : null,
      decline: status === 'declined' ? cardPushDecline({ declined_at: at, reason: 'expired_card' }) : null,
    });
  }
}
