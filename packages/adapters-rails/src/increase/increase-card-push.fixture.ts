import type { RailSubmission } from '@payout/domain';
import type Increase from 'increase';
import type { Strict } from '../http/sdk-params.js';
import {
  cardPushAcceptance,
  cardPushDecline,
  cardPushSubmission,
} from '../testing/objects/increase-transfers.objects.js';
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

type PushState = 'pending' | 'submitted' | 'settled' | 'declined';
const SUBMISSION = cardPushSubmission();

/** The part of a card push transfer that changes with its state; `returned` does not exist for a card push. */
const CARD_PUSH_STATES: Readonly<Record<PushState, Partial<Strict<Increase.CardPushTransfer>>>> = {
  pending: { status: 'pending_submission' },
  submitted: { status: 'submitted', submission: SUBMISSION },
  settled: {
    status: 'complete',
    submission: SUBMISSION,
    acceptance: cardPushAcceptance({ accepted_at: '2026-01-15T12:00:03Z', settlement_amount: 123456 }),
  },
  declined: {
    status: 'declined',
    submission: SUBMISSION,
    decline: cardPushDecline({ reason: 'expired_card' }),
  },
};

/**
 * The fields of a card push transfer made with `common` (its id, key, account and time) in `state`, from this
 * fixture's sender to Ada Lovelace's card; `presentment` is its create request's amount.
 */
export const cardPushFields = (
  common: Partial<Strict<Increase.CardPushTransfer>>,
  presentment: unknown,
  state: PushState,
): Partial<Strict<Increase.CardPushTransfer>> => ({
  ...common,
  card_token_id: CARD_TOKEN,
  presentment_amount: presentment as Increase.CardPushTransfer.PresentmentAmount,
  recipient_name: 'Ada Lovelace',
  merchant_category_code: CARD_SENDER.categoryCode,
  merchant_name: CARD_SENDER.name,
  merchant_name_prefix: CARD_SENDER.namePrefix,
  sender_name: CARD_SENDER.name,
  sender_address_line1: CARD_SENDER.addressLine1,
  sender_address_city: CARD_SENDER.city,
  sender_address_state: CARD_SENDER.state,
  sender_address_postal_code: CARD_SENDER.postalCode,
  ...CARD_PUSH_STATES[state],
});
