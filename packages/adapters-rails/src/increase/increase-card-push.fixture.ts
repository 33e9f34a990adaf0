import type { RailSubmission } from '@payout/domain';
import { vaultedCardSubmission } from '../testing/scripted-provider.js';
import type { IncreaseCardSender } from './increase-card-push-request.mapping.js';

/**
 * Card Push Transfers as Increase documents them (Increase/increase-node at 2cdd698f,
 * src/resources/card-push-transfers.ts: `CardPushTransfer` with status pending_approval, canceled,
 * pending_reviewing, requires_attention, pending_submission, submitted, complete, declined; `acceptance`
 * with `accepted_at` and `settlement_amount` in cents; `decline` with `reason`; `presentment_amount` as a
 * currency and a decimal string), and a card linked through Increase's vault (`outbound_card_token_…`).
 */
export const CARD_TOKEN = 'outbound_card_token_zlt0ml6youq3q7vcdlg0';

export const CARD_SENDER: IncreaseCardSender = {
  name: 'Acme Payouts',
  namePrefix: 'ACME',
  categoryCode: '6012',
  addressLine1: '33 Liberty Street',
  city: 'New York',
  state: 'NY',
  postalCode: '10045',
};

/** A PUSH_TO_CARD withdrawal of 1234.56 to Ada Lovelace's card, tokenised at `vault`. */
export const cardSubmission = (overrides: Partial<RailSubmission> = {}, vault = 'increase'): RailSubmission =>
  vaultedCardSubmission({ token: CARD_TOKEN, vault }, overrides);

const SUBMISSION = {
  retrieval_reference_number: '501512000001',
  sender_reference: 'OCT1234567890',
  submitted_at: '2026-01-15T12:00:01Z',
  trace_number: '000001',
};

/** The part of a card push transfer that changes with its state; `returned` does not exist for a card push. */
export const CARD_PUSH_STATES: Readonly<Record<'pending' | 'submitted' | 'settled' | 'declined', object>> = {
  pending: { status: 'pending_submission', submission: null, acceptance: null, decline: null },
  submitted: { status: 'submitted', submission: SUBMISSION, acceptance: null, decline: null },
  settled: {
    status: 'complete',
    submission: SUBMISSION,
    acceptance: {
      accepted_at: '2026-01-15T12:00:03Z',
      authorization_identification_response: 'ABC123',
      card_verification_value2_result: null,
      network_transaction_identifier: '841234567890123',
      settlement_amount: 123456,
    },
    decline: null,
  },
  declined: {
    status: 'declined',
    submission: SUBMISSION,
    acceptance: null,
    decline: {
      declined_at: '2026-01-15T12:00:03Z',
      network_transaction_identifier: '841234567890123',
      reason: 'expired_card',
    },
  },
};

/** The fields of a card push transfer whatever its state; `presentment` is its create request's amount. */
export const cardPushFields = (presentment: unknown): object => ({
  business_application_identifier: 'funds_disbursement',
  card_token_id: CARD_TOKEN,
  presentment_amount: presentment,
  recipient_name: 'Ada Lovelace',
  merchant_name: CARD_SENDER.name,
  sender_name: CARD_SENDER.name,
});
