import type ModernTreasury from 'modern-treasury';
import type { Strict } from '../../http/sdk-params.js';

/**
 * Modern Treasury's objects whole, as its SDK declares them (modern-treasury 3.3.0: `PaymentOrder`, `ReturnObject`,
 * payment-orders `Reversal`, `ExternalAccount` and its `AccountDetail`, internal-accounts `BalanceReport`,
 * `RoutingNumberLookupRequest`), for the nock scripts and local fakes: each builder makes every field the type
 * declares and no other, and takes the fields a fixture sets; answers are checked against the same types at run
 * time (docs/decisions/0018-provider-definitions-are-the-oracle.md). The defaults are the sandbox's (`live_mode`
 * false), on the day the suites pay.
 */
type Whole<T> = Strict<T>;
type Fields<T> = Partial<Strict<T>>;

const CREATED_AT = '2026-01-15T12:00:00Z';

/** An ACH credit of $1.00 from the organization's internal account to an external account, just approved. */
export const paymentOrder = (
  fields: Fields<ModernTreasury.PaymentOrder> = {},
): Whole<ModernTreasury.PaymentOrder> => ({
  id: '7c1b9d2e-0000-4000-8000-000000000001',
  accounting: { account_id: null, class_id: null },
  accounting_category_id: null,
  accounting_ledger_class_id: null,
  amount: 100,
  charge_bearer: null,
  counterparty_id: null,
  created_at: CREATED_AT,
  currency: 'USD',
  current_hold: null,
  current_return: null,
  description: null,
  direction: 'credit',
  effective_date: '2026-01-16',
  expires_at: null,
  external_id: null,
  foreign_exchange_contract: null,
  foreign_exchange_indicator: null,
  foreign_exchange_rate: null,
  ledger_transaction_id: null,
  live_mode: false,
  metadata: {},
  nsf_protected: false,
  object: 'payment_order',
  originating_account_id: '0f8e3719-3dfd-4613-9bbf-c0333781b59f',
  originating_party_name: null,
  priority: 'normal',
  process_after: null,
  purpose: null,
  receiving_account_id: 'e5e1c2a0-5b8e-4b1a-9a86-2d1b0b4b7a01',
  receiving_account_type: 'external_account',
  reconciliation_status: 'unreconciled',
  reference_numbers: [],
  remittance_information: null,
  send_remittance_advice: null,
  statement_descriptor: null,
  status: 'approved',
  subtype: null,
  transaction_ids: [],
  type: 'ach',
  ultimate_originating_account: null,
  ultimate_originating_account_id: null,
  ultimate_originating_account_type: null,
  ultimate_originating_party_identifier: null,
  ultimate_originating_party_name: null,
  ultimate_receiving_party_identifier: null,
  ultimate_receiving_party_name: null,
  updated_at: CREATED_AT,
  vendor_attributes: null,
  vendor_failure_reason: null,
  ...fields,
});

/**
 * A Return of a payment order: an ACH return R03 (no account) received from the bank, unless said; a Notification
 * of Change is one of `type` `ach_noc`, $0.00, with the bank's `corrections`.
 */
export const returnObject = (
  fields: Fields<ModernTreasury.ReturnObject> = {},
): Whole<ModernTreasury.ReturnObject> => ({
  id: '3f0c0a0e-6b61-4f0e-9a8a-6a1e2b0e5d77',
  amount: 100,
  code: 'R03',
  corrections: null,
  created_at: '2026-01-17T12:00:00Z',
  currency: 'USD',
  current_return: null,
  date_of_death: null,
  discarded_at: null,
  failure_reason: null,
  internal_account_id: null,
  ledger_transaction_id: null,
  live_mode: false,
  object: 'return',
  reason: 'No account/unable to locate account',
  reconciliation_status: 'unreconciled',
  reference_numbers: [],
  returnable_id: '7c1b9d2e-0000-4000-8000-000000000001',
  returnable_type: 'payment_order',
  role: 'receiving',
  status: 'completed',
  transaction_id: null,
  transaction_line_item_id: null,
  type: 'ach',
  updated_at: '2026-01-17T12:00:00Z',
  ...fields,
});

/** A reversal of a payment order, asked for by the originator, which the receiving bank may yet refuse. */
export const reversal = (
  fields: Fields<ModernTreasury.PaymentOrders.Reversal> = {},
): Whole<ModernTreasury.PaymentOrders.Reversal> => ({
  id: '5e7a0c11-0000-4000-8000-000000000001',
  created_at: '2026-01-16T12:00:00Z',
  ledger_transaction_id: null,
  live_mode: false,
  metadata: {},
  object: 'reversal',
  payment_order_id: '7c1b9d2e-0000-4000-8000-000000000001',
  reason: 'incorrect_receiving_account',
  reconciliation_status: 'unreconciled',
  status: 'pending',
  transaction_ids: [],
  updated_at: '2026-01-16T12:00:00Z',
  ...fields,
});

/** An external account of no counterparty: Ada Lovelace's, its details given by the fixture. */
export const externalAccount = (
  fields: Fields<ModernTreasury.ExternalAccount> = {},
): Whole<ModernTreasury.ExternalAccount> => ({
  id: '5ace1b1e-6a0c-4c5f-9d1e-2b7c4a8e0c11',
  account_details: [],
  account_type: 'other',
  contact_details: [],
  counterparty_id: null,
  created_at: CREATED_AT,
  discarded_at: null,
  external_id: null,
  ledger_account_id: null,
  live_mode: false,
  metadata: {},
  name: null,
  object: 'external_account',
  party_address: null,
  party_name: 'Ada Lovelace',
  party_type: 'individual',
  routing_details: [],
  updated_at: CREATED_AT,
  verification_source: null,
  verification_status: 'unverified',
  ...fields,
});

/** An account number as Modern Treasury shows it: its last four digits only, unless said. */
export const accountDetail = (
  fields: Fields<ModernTreasury.AccountDetail> = {},
): Whole<ModernTreasury.AccountDetail> => ({
  id: '9d2e7c1b-0000-4000-8000-000000000001',
  account_number_safe: '1111',
  account_number_type: 'other',
  created_at: CREATED_AT,
  discarded_at: null,
  live_mode: false,
  object: 'account_detail',
  updated_at: CREATED_AT,
  ...fields,
});

/** The bank's report of the internal account's balances, intraday, holding `balances`. */
export const balanceReport = (
  fields: Fields<ModernTreasury.InternalAccounts.BalanceReport> = {},
): Whole<ModernTreasury.InternalAccounts.BalanceReport> => ({
  id: 'b41a0c11-0000-4000-8000-000000000001',
  as_of_date: '2026-03-02',
  as_of_time: '10:00:00',
  balance_report_type: 'intraday',
  balances: [],
  created_at: '2026-03-02T10:00:00Z',
  internal_account_id: '0f8e3719-3dfd-4613-9bbf-c0333781b59f',
  live_mode: false,
  object: 'balance_report',
  updated_at: '2026-03-02T10:00:00Z',
  ...fields,
});

/** One balance of a report, in USD cents: the current available balance, unless said. */
export const reportedBalance = (
  fields: Fields<ModernTreasury.InternalAccounts.BalanceReport.Balance> = {},
): Whole<ModernTreasury.InternalAccounts.BalanceReport.Balance> => ({
  id: `b41a0c11-0000-4000-8000-${fields.balance_type ?? 'current_available'}`,
  amount: 0,
  as_of_date: '2026-03-02',
  as_of_time: null,
  balance_type: 'current_available',
  created_at: '2026-03-02T10:00:00Z',
  currency: 'USD',
  live_mode: false,
  object: 'balance',
  updated_at: '2026-03-02T10:00:00Z',
  value_date: null,
  vendor_code: 'BAI2_060',
  vendor_code_type: 'bai2',
  ...fields,
});

/**
 * What Modern Treasury knows of a routing number: the bank of the sandbox's ABA number, unless said. Every field
 * is optional in the SDK; this one names the bank and the payment types it takes.
 */
export const routingNumberLookup = (
  fields: Fields<ModernTreasury.RoutingNumberLookupRequest> = {},
): Whole<ModernTreasury.RoutingNumberLookupRequest> => ({
  routing_number: '123456789',
  routing_number_type: 'aba',
  bank_name: 'Gringotts Wizarding Bank',
  bank_address: {
    country: 'US',
    line1: '1 Diagon Alley',
    line2: null,
    locality: 'New York',
    postal_code: '10001',
    region: 'NY',
  },
  supported_payment_types: ['ach', 'wire'],
  ...fields,
});
