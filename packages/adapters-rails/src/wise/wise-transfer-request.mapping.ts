import type { RailSubmission } from '@payout/domain';

/** The ids of the steps a transfer is made from: the recipient account and the quote. */
export interface WiseTransferIds {
  readonly quoteId: string;
  readonly recipientId: number;
}

/** A SWIFT message's remittance information is lines of 35 characters; the first one is the safe length. */
const REFERENCE_LENGTH = 35;
/** Outside SWIFT's `x` character set, the one its free text is written in. */
const NOT_SWIFT_TEXT = /[^A-Za-z0-9/\-?:().,'+ ]+/g;

/**
 * The withdrawal's description as a SWIFT reference: letters without their accents (é → e), any other character
 * outside SWIFT's set a space, no leading `-` or `:` (they open a SWIFT field), at most one line. A description
 * with nothing left names the payout instead.
 */
export function swiftReference(submission: RailSubmission): string {
  const text = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(NOT_SWIFT_TEXT, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s:-]+/, '')
      .slice(0, REFERENCE_LENGTH)
      .trim();
  return text(submission.description) || text(`Payout ${submission.withdrawalId}`);
}

/** The currency the recipient's bank account holds: the link's, when it names one, else USD (no conversion). */
function targetCurrencyOf(details: Readonly<Record<string, string>>): string {
  const currency = details.currency?.toUpperCase();
  return currency && /^[A-Z]{3}$/.test(currency) ? currency : 'USD';
}

/**
 * The quote for one withdrawal, USD from our balance, to the recipient account already made: Wise prices the route
 * to that account (its payout method, fees and delivery estimate), as it asks a quote to be before a transfer is
 * made from it. Paid out in USD, the withdrawal is the `targetAmount` (Wise's fee comes on top from our balance);
 * converted, we send the withdrawal's USD (`sourceAmount`) and the rate decides what arrives. The amount is written
 * as the decimal text of `Money` (two places, never an exponent), not a JS number: no float ever stands between the
 * ledger and Wise.
 */
export function quoteJson(submission: RailSubmission, recipientId: number): string {
  const target = targetCurrencyOf(submission.destination.details);
  const field = target === 'USD' ? 'targetAmount' : 'sourceAmount';
  const head = JSON.stringify({ sourceCurrency: 'USD', targetCurrency: target, targetAccount: recipientId });
  return `${head.slice(0, -1)},"${field}":${submission.amount.toString()}}`;
}

/** A recipient account as `POST /v1/accounts` (and its account requirements) take it. */
export interface WiseRecipient {
  readonly profile: number;
  readonly accountHolderName: string;
  readonly currency: string;
  readonly type: 'swift_code';
  readonly details: {
    readonly legalType: 'PRIVATE' | 'BUSINESS';
    readonly swiftCode: string | undefined;
    readonly accountNumber: string | undefined;
    readonly email?: string;
    readonly address: Readonly<Record<string, string | undefined>>;
  };
}

/**
 * The recipient account from an `international_bank` link's decrypted details (recipientType, firstName and
 * lastName or name, email, accountNumber (an IBAN or a local number), swiftOrBic, bankName and the recipient's
 * address): Wise's `swift_code` account type, which takes either kind of number with the BIC.
 */
export function recipientOf(d: Readonly<Record<string, string>>, profileId: string): WiseRecipient {
  const business = d.recipientType === 'business';
  const holder = business ? (d.name ?? '') : [d.firstName, d.lastName].filter(Boolean).join(' ');
  return {
    profile: Number(profileId),
    accountHolderName: holder,
    currency: targetCurrencyOf(d),
    type: 'swift_code',
    details: {
      legalType: business ? 'BUSINESS' : 'PRIVATE',
      swiftCode: d.swiftOrBic,
      accountNumber: d.accountNumber?.replace(/\s/g, ''),
      ...(d.email ? { email: d.email } : {}),
      address: {
        country: d.recipientCountry,
        city: d.recipientCity,
        firstLine: d.recipientAddress,
        postCode: d.recipientPostalCode,
        ...(d.recipientState ? { state: d.recipientState } : {}),
      },
    },
  };
}

export const recipientJson = (submission: RailSubmission, profileId: string): string =>
  JSON.stringify(recipientOf(submission.destination.details, profileId));

/**
 * The transfer-requirements question, or the transfer itself, with the withdrawal id as `customerTransactionId`:
 * Wise's idempotency key (a UUID, as our ids are), so a repeat after a lost answer is the same transfer. `details`
 * holds the reference and the fields the route's requirements asked for.
 */
export function transferJson(
  submission: RailSubmission,
  ids: WiseTransferIds,
  details: Readonly<Record<string, string>>,
): string {
  return JSON.stringify({
    targetAccount: ids.recipientId,
    quoteUuid: ids.quoteId,
    customerTransactionId: submission.withdrawalId,
    details,
  });
}

export const FUND_FROM_BALANCE = JSON.stringify({ type: 'BALANCE' });
