import type Increase from 'increase';
import type { Strict } from '../../http/sdk-params.js';

/**
 * Increase's transfer objects whole, as its SDK declares them (increase 0.583.0: `ACHTransfer`,
 * `RealTimePaymentsTransfer`, `WireTransfer`, `CardPushTransfer` and their parts), for the nock scripts and local
 * fakes: each builder makes every field the type declares, and no other (Strict<…>: a renamed field fails the
 * build), and takes the fields a fixture sets. Answers are checked against the same types at run time
 * (docs/decisions/0018-provider-definitions-are-the-oracle.md). The defaults are a transfer Increase has just
 * made from the sandbox account, in the values of the SDK's examples.
 */
type Whole<T> = Strict<T>;
type Fields<T> = Partial<Strict<T>>;

const ACCOUNT_ID = 'account_in71c4amph0vgo2qllky';
const CREATED_AT = '2026-01-15T12:00:00Z';
const TRANSACTION_ID = 'transaction_uyrp7fld2ium70oa7oi';
/** Made with an API key, as every transfer of this service is. */
const BY_API_KEY = { category: 'api_key', api_key: { description: null } } as const;

export const achTransfer = (fields: Fields<Increase.ACHTransfer> = {}): Whole<Increase.ACHTransfer> => ({
  id: 'ach_transfer_uoxatyh3lt5evrsdvo7q',
  account_id: ACCOUNT_ID,
  account_number: '987654321',
  acknowledgement: null,
  addenda: null,
  amount: 100,
  approval: null,
  cancellation: null,
  company_descriptive_date: null,
  company_discretionary_data: null,
  company_entry_description: null,
  company_id: '1234987601',
  company_name: 'National Phonograph Company',
  created_at: CREATED_AT,
  created_by: BY_API_KEY,
  currency: 'USD',
  destination_account_holder: 'individual',
  external_account_id: null,
  funding: 'checking',
  idempotency_key: null,
  inbound_funds_hold: null,
  individual_id: null,
  individual_name: 'Ada Lovelace',
  network: 'ach',
  notifications_of_change: [],
  pending_transaction_id: null,
  preferred_effective_date: { date: null, settlement_schedule: 'same_day' },
  return: null,
  routing_number: '101050001',
  settlement: null,
  standard_entry_class_code: 'prearranged_payments_and_deposit',
  statement_descriptor: 'Payout',
  status: 'pending_submission',
  submission: null,
  transaction_id: null,
  type: 'ach_transfer',
  ...fields,
});

/** The ACH file's submission to FedACH: its trace number and when the funds are expected to settle. */
export const achSubmission = (
  fields: Fields<Increase.ACHTransfer.Submission> = {},
): Whole<Increase.ACHTransfer.Submission> => ({
  administrative_returns_expected_by: '2026-01-20T13:00:00Z',
  effective_date: '2026-01-16',
  expected_funds_settlement_at: '2026-01-16T13:00:00Z',
  expected_settlement_schedule: 'future_dated',
  submitted_at: '2026-01-15T12:30:00Z',
  trace_number: '058349238292834',
  ...fields,
});

/** The receiving bank's return: R03, no account, unless said. */
export const achReturn = (
  fields: Fields<Increase.ACHTransfer.Return> = {},
): Whole<Increase.ACHTransfer.Return> => ({
  addenda_information: null,
  created_at: '2026-01-17T15:00:00Z',
  raw_return_reason_code: 'R03',
  return_reason_code: 'no_account',
  trace_number: '111122223292834',
  transaction_id: TRANSACTION_ID,
  transfer_id: 'ach_transfer_uoxatyh3lt5evrsdvo7q',
  ...fields,
});

/** A Notification of Change: the receiving bank's correction of the account number, unless said. */
export const achNotificationOfChange = (
  fields: Fields<Increase.ACHTransfer.NotificationsOfChange> = {},
): Whole<Increase.ACHTransfer.NotificationsOfChange> => ({
  change_code: 'incorrect_account_number',
  corrected_account_funding: null,
  corrected_account_number: null,
  corrected_individual_id: null,
  corrected_routing_number: null,
  created_at: '2026-01-16T15:00:00Z',
  ...fields,
});

export const realTimePaymentsTransfer = (
  fields: Fields<Increase.RealTimePaymentsTransfer> = {},
): Whole<Increase.RealTimePaymentsTransfer> => ({
  id: 'real_time_payments_transfer_iyuhl5kdn7ssmup83mvq',
  account_id: ACCOUNT_ID,
  account_number: '987654321',
  acknowledgement: null,
  amount: 100,
  approval: null,
  cancellation: null,
  created_at: CREATED_AT,
  created_by: BY_API_KEY,
  creditor_name: 'Ada Lovelace',
  currency: 'USD',
  debtor_name: null,
  external_account_id: null,
  idempotency_key: null,
  pending_transaction_id: null,
  rejection: null,
  routing_number: '101050001',
  source_account_number_id: 'account_number_v18nkfqm6afpsrvy82b2',
  status: 'pending_submission',
  submission: null,
  transaction_id: null,
  type: 'real_time_payments_transfer',
  ultimate_creditor_name: null,
  ultimate_debtor_name: null,
  unstructured_remittance_information: 'Payout',
  ...fields,
});

/** The network's or the receiving bank's refusal: the account is closed, unless said. */
export const rtpRejection = (
  fields: Fields<Increase.RealTimePaymentsTransfer.Rejection> = {},
): Whole<Increase.RealTimePaymentsTransfer.Rejection> => ({
  reject_reason_additional_information: null,
  reject_reason_code: 'account_closed',
  rejected_at: '2026-01-15T12:00:02Z',
  ...fields,
});

export const wireTransfer = (fields: Fields<Increase.WireTransfer> = {}): Whole<Increase.WireTransfer> => ({
  id: 'wire_transfer_5akynk7dqsq25qwk9q2u',
  account_id: ACCOUNT_ID,
  account_number: '987654321',
  amount: 100,
  approval: null,
  cancellation: null,
  created_at: CREATED_AT,
  created_by: BY_API_KEY,
  creditor: { address: null, name: 'Ada Lovelace' },
  currency: 'USD',
  debtor: null,
  external_account_id: null,
  idempotency_key: null,
  inbound_wire_drawdown_request_id: null,
  network: 'wire',
  pending_transaction_id: null,
  remittance: { category: 'unstructured', unstructured: { message: 'Payout' } },
  reversal: null,
  routing_number: '101050001',
  source_account_number_id: 'account_number_v18nkfqm6afpsrvy82b2',
  status: 'pending_creating',
  submission: null,
  transaction_id: null,
  type: 'wire_transfer',
  unique_end_to_end_transaction_reference: null,
  ...fields,
});

export const wireSubmission = (
  fields: Fields<Increase.WireTransfer.Submission> = {},
): Whole<Increase.WireTransfer.Submission> => ({
  input_message_accountability_data: '20260115MMQFMP0P000001',
  submitted_at: '2026-01-15T18:30:00Z',
  ...fields,
});

/** The receiving bank's reversal of a completed wire: a closed account (AC04), unless said. */
export const wireReversal = (
  fields: Fields<Increase.WireTransfer.Reversal> = {},
): Whole<Increase.WireTransfer.Reversal> => ({
  amount: 100,
  created_at: '2026-01-16T10:00:00Z',
  debtor_routing_number: null,
  description: 'Account closed',
  input_cycle_date: '2026-01-16',
  input_message_accountability_data: '20260116MMQFMP0P000002',
  input_sequence_number: '000002',
  input_source: 'Fedwire',
  instruction_identification: null,
  return_reason_additional_information: null,
  return_reason_code: 'AC04',
  return_reason_code_description: 'Closed account number',
  transaction_id: TRANSACTION_ID,
  wire_transfer_id: 'wire_transfer_5akynk7dqsq25qwk9q2u',
  ...fields,
});

export const cardPushTransfer = (
  fields: Fields<Increase.CardPushTransfer> = {},
): Whole<Increase.CardPushTransfer> => ({
  id: 'outbound_card_push_transfer_e0z9rdpamraczh4tvwye',
  acceptance: null,
  account_id: ACCOUNT_ID,
  approval: null,
  business_application_identifier: 'funds_disbursement',
  cancellation: null,
  card_token_id: 'outbound_card_token_zlt0ml6youq3q7vcdlg0',
  created_at: CREATED_AT,
  created_by: BY_API_KEY,
  decline: null,
  idempotency_key: null,
  merchant_category_code: '6012',
  merchant_city_name: 'New York',
  merchant_legal_business_name: null,
  merchant_name: 'Acme Payouts',
  merchant_name_prefix: 'ACME',
  merchant_postal_code: '10045',
  merchant_state: 'NY',
  merchant_street_address: null,
  presentment_amount: { currency: 'USD', value: '1.00' },
  recipient_address_city: null,
  recipient_address_line1: null,
  recipient_address_postal_code: null,
  recipient_address_state: null,
  recipient_name: 'Ada Lovelace',
  route: 'visa',
  sender_address_city: 'New York',
  sender_address_line1: '33 Liberty Street',
  sender_address_postal_code: '10045',
  sender_address_state: 'NY',
  sender_name: 'Acme Payouts',
  source_account_number_id: 'account_number_v18nkfqm6afpsrvy82b2',
  status: 'pending_submission',
  submission: null,
  type: 'card_push_transfer',
  ...fields,
});

export const cardPushSubmission = (
  fields: Fields<Increase.CardPushTransfer.Submission> = {},
): Whole<Increase.CardPushTransfer.Submission> => ({
  retrieval_reference_number: '501512000001',
  sender_reference: 'OCT1234567890',
  submitted_at: '2026-01-15T12:00:01Z',
  trace_number: '000001',
  ...fields,
});

/** The issuing bank took the funds. */
export const cardPushAcceptance = (
  fields: Fields<Increase.CardPushTransfer.Acceptance> = {},
): Whole<Increase.CardPushTransfer.Acceptance> => ({
  accepted_at: '2026-01-15T12:00:03Z',
  authorization_identification_response: 'ABC123',
  card_verification_value2_result: null,
  network_transaction_identifier: '841234567890123',
  settlement_amount: 100,
  ...fields,
});

/** The card network's or the issuing bank's decline: an expired card, unless said. */
export const cardPushDecline = (
  fields: Fields<Increase.CardPushTransfer.Decline> = {},
): Whole<Increase.CardPushTransfer.Decline> => ({
  declined_at: '2026-01-15T12:00:03Z',
  network_transaction_identifier: '841234567890123',
  reason: 'expired_card',
  ...fields,
});
