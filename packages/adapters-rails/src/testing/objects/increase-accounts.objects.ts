import type Increase from 'increase';
import type { Strict } from '../../http/sdk-params.js';

/**
 * Increase's card validations, balances, routing numbers and list pages whole, as its SDK declares them (increase
 * 0.583.0: `CardValidation`, `BalanceLookup`, `RoutingNumberListResponse`, core/pagination.d.ts `PageResponse`),
 * built as increase-transfers.objects.ts builds the transfers: every field, no other, the fixture's own on top.
 */
type Whole<T> = Strict<T>;
type Fields<T> = Partial<Strict<T>>;

const ACCOUNT_ID = 'account_in71c4amph0vgo2qllky';

/** A validation just made of the sandbox's card for its account, sent to the network with no cardholder to match. */
export const cardValidation = (
  fields: Fields<Increase.CardValidation> = {},
): Whole<Increase.CardValidation> => ({
  id: 'outbound_card_validation_qqlzagpc6v1x2gcdhe24',
  acceptance: null,
  account_id: ACCOUNT_ID,
  card_token_id: 'outbound_card_token_zlt0ml6youq3q7vcdlg0',
  cardholder_first_name: null,
  cardholder_last_name: null,
  cardholder_middle_name: null,
  cardholder_postal_code: null,
  cardholder_street_address: null,
  created_at: '2026-01-15T12:00:00Z',
  created_by: { category: 'api_key', api_key: { description: null } },
  decline: null,
  idempotency_key: null,
  merchant_category_code: '6012',
  merchant_city_name: 'New York',
  merchant_name: 'Acme Payouts',
  merchant_postal_code: '10045',
  merchant_state: 'NY',
  route: 'visa',
  status: 'pending_submission',
  submission: null,
  type: 'card_validation',
  ...fields,
});

export const cardValidationSubmission = (
  fields: Fields<Increase.CardValidation.Submission> = {},
): Whole<Increase.CardValidation.Submission> => ({
  retrieval_reference_number: '601512000001',
  submitted_at: '2026-01-15T12:00:01Z',
  trace_number: '000002',
  ...fields,
});

/** The issuer's authorization, with no match results: nothing was sent to match. */
export const cardValidationAcceptance = (
  fields: Fields<Increase.CardValidation.Acceptance> = {},
): Whole<Increase.CardValidation.Acceptance> => ({
  accepted_at: '2026-01-15T12:00:02Z',
  authorization_identification_response: 'ABC123',
  card_verification_value2_result: null,
  cardholder_first_name_result: null,
  cardholder_full_name_result: null,
  cardholder_last_name_result: null,
  cardholder_middle_name_result: null,
  cardholder_postal_code_result: null,
  cardholder_street_address_result: null,
  network_transaction_identifier: '841488484271872',
  ...fields,
});

/** The issuer's refusal: a closed account, unless said. */
export const cardValidationDecline = (
  fields: Fields<Increase.CardValidation.Decline> = {},
): Whole<Increase.CardValidation.Decline> => ({
  declined_at: '2026-01-15T12:00:02Z',
  network_transaction_identifier: '841488484271872',
  reason: 'closed_account',
  ...fields,
});

export const balanceLookup = (
  fields: Fields<Increase.BalanceLookup> = {},
): Whole<Increase.BalanceLookup> => ({
  account_id: ACCOUNT_ID,
  available_balance: 0,
  current_balance: 0,
  loan: null,
  type: 'balance_lookup',
  ...fields,
});

/** A bank Increase knows by its routing number, on every network unless said. */
export const routingNumber = (
  fields: Fields<Increase.RoutingNumberListResponse> = {},
): Whole<Increase.RoutingNumberListResponse> => ({
  ach_transfers: 'supported',
  fednow_transfers: 'supported',
  name: 'FIRST PLATYPUS BANK',
  real_time_payments_request_for_payment: 'not_supported',
  real_time_payments_transfers: 'supported',
  routing_number: '021000021',
  type: 'routing_number',
  wire_transfers: 'supported',
  ...fields,
});

/** One page of an Increase list: its objects, and the cursor of the next page while more follow. */
export const increasePage = <T>(data: readonly T[], nextCursor: string | null = null) => ({
  data: [...data],
  next_cursor: nextCursor,
});
