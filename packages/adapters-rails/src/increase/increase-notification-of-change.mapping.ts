import type { AccountCorrection } from '@payout/domain';
import { asArray, asObject, dateOf, text } from '../http/json-fields.js';
import type { IncreaseTransferBody } from './increase-api.types.js';

/**
 * The NACHA change codes of the corrections Increase names (`ACHTransfer.NotificationsOfChange.change_code` in
 * its SDK): the ones that correct the account's routing number, number or type. Others (an IAT field, an
 * identification number, a refused NOC) correct nothing a linked account holds and keep Increase's name.
 */
const CHANGE_CODES: Readonly<Record<string, string>> = {
  incorrect_account_number: 'C01',
  incorrect_routing_number: 'C02',
  incorrect_routing_number_and_account_number: 'C03',
  incorrect_transaction_code: 'C05',
  incorrect_account_number_and_transaction_code: 'C06',
  incorrect_routing_number_account_number_and_transaction_code: 'C07',
};

interface IncreaseNotificationOfChange {
  readonly change_code?: unknown;
  readonly corrected_account_number?: unknown;
  readonly corrected_routing_number?: unknown;
  readonly corrected_account_funding?: unknown;
  readonly created_at?: unknown;
}

/**
 * The latest Notification of Change on an ACH transfer (`notifications_of_change`, oldest first as Increase
 * records them; the latest by `created_at` whatever the order), as the correction to apply to the linked account.
 * A funding of `loan` or `general_ledger` is no account type a bank link holds: left out. None when the transfer
 * has no notification, or its time is unreadable (the order of corrections rests on it).
 */
export function latestCorrection(transfer: IncreaseTransferBody): AccountCorrection | undefined {
  let latest: AccountCorrection | undefined;
  for (const item of asArray<unknown>(transfer.notifications_of_change)) {
    const notice = asObject<IncreaseNotificationOfChange>(item);
    const at = dateOf(notice.created_at);
    const name = text(notice.change_code);
    if (!at || !name || (latest && latest.at.getTime() >= at.getTime())) continue;
    const funding = text(notice.corrected_account_funding);
    const routingNumber = text(notice.corrected_routing_number);
    const accountNumber = text(notice.corrected_account_number);
    latest = {
      code: CHANGE_CODES[name] ?? name,
      at,
      ...(routingNumber ? { routingNumber } : {}),
      ...(accountNumber ? { accountNumber } : {}),
      ...(funding === 'checking' || funding === 'savings' ? { accountType: funding } : {}),
    };
  }
  return latest;
}
