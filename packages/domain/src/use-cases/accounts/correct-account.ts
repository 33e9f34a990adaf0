import {
  type AccountCorrection,
  CORRECTABLE_FIELDS,
  type CorrectableField,
} from '../../linked-account/account-correction.js';
import type { LinkedAccount } from '../../linked-account/linked-account.js';
import { isAbaRoutingNumber } from './link-validation.js';

/** A correction's values a bank link can hold (docs/product.md §4), by field; a malformed one is left out. */
function proposedValues(correction: AccountCorrection): Partial<Record<CorrectableField, string>> {
  const routing = correction.routingNumber?.trim();
  const number = correction.accountNumber?.trim();
  return {
    ...(routing && isAbaRoutingNumber(routing) ? { routingNumber: routing } : {}),
    ...(number && /^\d{4,17}$/.test(number) ? { accountNumber: number } : {}),
    ...(correction.accountType ? { accountType: correction.accountType } : {}),
  };
}

/**
 * A bank account with a correction (an ACH Notification of Change) applied, and the fields it changed; null when
 * it changes nothing: not a bank account, a correction no newer than the last one applied (the same notification
 * read again by a later status check, or an older one of another payout), or no value that differs from what
 * the account holds. A value that a link would refuse (a bad routing checksum, a malformed number) is not applied.
 */
export function correctAccount(
  account: LinkedAccount,
  correction: AccountCorrection,
): { readonly account: LinkedAccount; readonly fields: readonly CorrectableField[] } | null {
  if (account.kind !== 'bank') return null;
  if (account.correctedAt && correction.at.getTime() <= account.correctedAt.getTime()) return null;
  const proposed = proposedValues(correction);
  const fields = CORRECTABLE_FIELDS.filter(
    (field) => proposed[field] !== undefined && proposed[field] !== account.destination[field],
  );
  if (fields.length === 0) return null;
  const changed = Object.fromEntries(fields.map((field) => [field, proposed[field] as string]));
  const accountNumber = changed.accountNumber;
  return {
    account: {
      ...account,
      destination: { ...account.destination, ...changed },
      lastFourDigits: accountNumber ? accountNumber.slice(-4) : account.lastFourDigits,
      correctedAt: correction.at,
      eventSequence: account.eventSequence + 1,
    },
    fields,
  };
}
