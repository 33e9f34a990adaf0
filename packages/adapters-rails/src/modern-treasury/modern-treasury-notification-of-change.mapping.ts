import type { AccountCorrection } from '@payout/domain';
import { asArray, asObject, dateOf, text } from '../http/json-fields.js';
import type { ReturnBody } from './modern-treasury-api.types.js';

/** Returns of one payment order (Modern Treasury's `ReturnListParams`: `returnable_id` with `returnable_type`). */
export const returnsPathOf = (paymentOrderId: string): string =>
  `/api/returns?returnable_type=payment_order&returnable_id=${encodeURIComponent(paymentOrderId)}`;

/**
 * The account type an ACH transaction code names: 2x is a checking account's (22 a credit), 3x a savings
 * account's (32 a credit); any other (a loan, a general ledger) is no type a bank link holds.
 */
function accountTypeOf(transactionCode: string | undefined): 'checking' | 'savings' | undefined {
  if (transactionCode === undefined || !/^\d{2}$/.test(transactionCode)) return undefined;
  if (transactionCode.startsWith('2')) return 'checking';
  return transactionCode.startsWith('3') ? 'savings' : undefined;
}

/**
 * The latest Notification of Change among a payment order's returns (`type` `ach_noc`), as the correction to
 * apply to the linked account; none when there is none or its time is unreadable (corrections apply in order).
 */
export function latestCorrectionOf(returns: unknown): AccountCorrection | undefined {
  let latest: AccountCorrection | undefined;
  for (const item of asArray<unknown>(returns)) {
    const notice = asObject<ReturnBody>(item);
    const at = dateOf(notice.created_at);
    const code = text(notice.code);
    if (text(notice.type) !== 'ach_noc' || !at || !code) continue;
    if (latest && latest.at.getTime() >= at.getTime()) continue;
    const corrections = asObject(notice.corrections ?? undefined);
    const accountNumber = text(corrections.account_number);
    const routingNumber = text(corrections.routing_number);
    const accountType = accountTypeOf(text(corrections.transaction_code));
    latest = {
      code,
      at,
      ...(routingNumber ? { routingNumber } : {}),
      ...(accountNumber ? { accountNumber } : {}),
      ...(accountType ? { accountType } : {}),
    };
  }
  return latest;
}
