import type { RailSubmission } from '@payout/domain';
import type ModernTreasury from 'modern-treasury';
import type { Strict } from '../http/sdk-params.js';
import type { ModernTreasuryRailId } from './modern-treasury-api.types.js';

/** A payment order's create body as Modern Treasury's SDK defines it. */
export type PaymentOrderCreate = Strict<ModernTreasury.PaymentOrderCreateParams>;
type ReceivingAccount = NonNullable<PaymentOrderCreate['receiving_account']>;
type PaymentType = PaymentOrderCreate['type'];

export const PAYMENT_ORDERS_PATH = '/api/payment_orders';

/** The payment order `type` of each rail: a SWIFT payout is a wire to an account abroad. */
const TYPES: Readonly<Record<ModernTreasuryRailId, PaymentType>> = {
  ACH: 'ach',
  RTP: 'rtp',
  WIRE: 'wire',
  SWIFT: 'wire',
  PUSH_TO_CARD: 'card',
};

/**
 * The longest `remittance_information` each payment type carries (Modern Treasury, "Create a single payment order":
 * an ACH addenda's 80 characters, a wire's 140; RTP's unstructured remittance is 140 too): a longer withdrawal
 * reason is cut, rather than the order refused with a 422 after the API accepted the withdrawal.
 */
const REMITTANCE_LENGTH: Readonly<Record<string, number>> = { ach: 80, rtp: 140, wire: 140, card: 140 };

/** An IBAN starts with its country and two check digits; anything else is the bank's own account number. */
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/**
 * The counterparty of a `bank` link (accountHolderName, routingNumber, accountNumber, accountType): a US
 * account reached by its ABA routing number on the payment's own rail.
 */
function domesticAccount(details: Readonly<Record<string, string>>, type: PaymentType): ReceivingAccount {
  return {
    party_name: details.accountHolderName,
    account_type: details.accountType === 'savings' ? 'savings' : 'checking',
    account_details: [{ account_number: details.accountNumber }],
    routing_details: [
      { routing_number: details.routingNumber, routing_number_type: 'aba', payment_type: type },
    ],
  };
}

/**
 * The counterparty of an `international_bank` link (link-validation.ts: a personal name or a business name, the
 * IBAN or account number, the SWIFT BIC, and the recipient's address, which a wire must carry).
 */
function foreignAccount(details: Readonly<Record<string, string>>): ReceivingAccount {
  const business = details.recipientType === 'business';
  const accountNumber = (details.accountNumber ?? '').replace(/\s/g, '').toUpperCase();
  return {
    party_name: business ? details.name : `${details.firstName} ${details.lastName}`,
    party_type: business ? 'business' : 'individual',
    party_address: {
      line1: details.recipientAddress,
      locality: details.recipientCity,
      region: details.recipientState,
      postal_code: details.recipientPostalCode,
      country: details.recipientCountry,
    },
    account_details: [
      { account_number: accountNumber, account_number_type: IBAN.test(accountNumber) ? 'iban' : 'other' },
    ],
    routing_details: [
      { routing_number: details.swiftOrBic, routing_number_type: 'swift', payment_type: 'wire' },
    ],
  };
}

/**
 * Where the order pays: a card is the external account Modern Treasury made for it at link time (its token,
 * which the rail checked the link holds); a bank account is given inline.
 */
function receivingAccountOf(
  rail: ModernTreasuryRailId,
  details: Readonly<Record<string, string>>,
  type: PaymentType,
): Pick<PaymentOrderCreate, 'receiving_account' | 'receiving_account_id'> {
  if (rail === 'PUSH_TO_CARD') return { receiving_account_id: details.cardToken };
  return { receiving_account: rail === 'SWIFT' ? foreignAccount(details) : domesticAccount(details, type) };
}

/**
 * The create body of one withdrawal's payment order: a credit from our internal account to a bank account given
 * inline (`receiving_account`), so no counterparty or external account object is kept at Modern Treasury between
 * bank payouts, or to a card's external account. ACH goes as PPD, the entry class of payouts to consumers. The
 * description travels as remittance information (the ACH addenda, the wire's originator-to-beneficiary text,
 * the RTP remittance), and the withdrawal id as metadata so an operator can find the order from either side.
 */
export function paymentOrderRequestOf(
  rail: ModernTreasuryRailId,
  submission: RailSubmission,
  cents: number,
  originatingAccountId: string,
): PaymentOrderCreate {
  const type = TYPES[rail];
  const details = submission.destination.details;
  const receiving = receivingAccountOf(rail, details, type);
  return {
    type,
    subtype: rail === 'ACH' ? 'PPD' : undefined,
    direction: 'credit',
    amount: cents,
    currency: submission.currency,
    originating_account_id: originatingAccountId,
    receiving_account: receiving.receiving_account,
    receiving_account_id: receiving.receiving_account_id,
    description: submission.description,
    // By characters, so a cut never splits an emoji into half a surrogate pair.
    remittance_information: Array.from(submission.description).slice(0, REMITTANCE_LENGTH[type]).join(''),
    metadata: { withdrawal_id: submission.withdrawalId },
  };
}
