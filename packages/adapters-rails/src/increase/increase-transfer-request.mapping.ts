import type { RailSubmission } from '@payout/domain';
import type { IncreaseRailId } from './increase-api.types.js';
import { cardPushRequestOf, type IncreaseCardSender } from './increase-card-push-request.mapping.js';

/** Where each rail's transfers are created and read. */
export const TRANSFER_PATHS: Readonly<Record<IncreaseRailId, string>> = {
  ACH: '/ach_transfers',
  RTP: '/real_time_payments_transfers',
  WIRE: '/wire_transfers',
  PUSH_TO_CARD: '/card_push_transfers',
};

export interface IncreaseAccounts {
  /** The Increase account the money leaves from (ACH and wire `account_id`). */
  readonly accountId: string;
  /** The account number of that account RTP and card push transfers are sent from (`source_account_number_id`). */
  readonly accountNumberId: string;
  /** Who sends card payouts, as the card networks show it; required for PUSH_TO_CARD only. */
  readonly cardSender?: IncreaseCardSender;
}

/** NACHA's individual name field holds 22 characters; Increase passes it through to the receiving bank. */
const ACH_NAME_LENGTH = 22;

/**
 * The create body of one withdrawal's transfer, from the bank account's decrypted details (`bank` links:
 * accountHolderName, routingNumber, accountNumber, accountType). ACH goes as PPD, the entry class of payouts
 * to consumers; Increase's default, CCD, is for business-to-business payments.
 */
export function transferRequestOf(
  rail: IncreaseRailId,
  submission: RailSubmission,
  cents: number,
  accounts: IncreaseAccounts,
): Record<string, unknown> {
  const details = submission.destination.details;
  const destination = { account_number: details.accountNumber, routing_number: details.routingNumber };
  const name = details.accountHolderName ?? '';
  switch (rail) {
    case 'ACH':
      return {
        account_id: accounts.accountId,
        amount: cents,
        statement_descriptor: submission.description,
        ...destination,
        funding: details.accountType === 'savings' ? 'savings' : 'checking',
        individual_name: name.slice(0, ACH_NAME_LENGTH),
        standard_entry_class_code: 'prearranged_payments_and_deposit',
      };
    case 'RTP':
      return {
        source_account_number_id: accounts.accountNumberId,
        amount: cents,
        creditor_name: name,
        unstructured_remittance_information: submission.description,
        ...destination,
      };
    case 'WIRE':
      return {
        account_id: accounts.accountId,
        amount: cents,
        creditor: { name },
        remittance: { category: 'unstructured', unstructured: { message: submission.description } },
        ...destination,
      };
    case 'PUSH_TO_CARD':
      // The rail checked the link holds an Increase token, and its constructor that a sender is configured.
      return cardPushRequestOf(
        submission,
        details.cardToken ?? '',
        accounts.cardSender!,
        accounts.accountNumberId,
      );
  }
}
