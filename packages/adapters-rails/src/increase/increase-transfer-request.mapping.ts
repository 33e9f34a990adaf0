import type { RailSubmission } from '@payout/domain';
import type Increase from 'increase';
import type { Strict } from '../http/sdk-params.js';
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

/** The create body of each rail, as Increase's SDK defines it (its index signature left out: Strict). */
export type IncreaseTransferCreate =
  | Strict<Increase.ACHTransferCreateParams>
  | Strict<Increase.RealTimePaymentsTransferCreateParams>
  | Strict<Increase.WireTransferCreateParams>
  | Strict<Increase.CardPushTransferCreateParams>;

/**
 * The create body of one withdrawal's transfer, from the bank account's decrypted details (`bank` links:
 * accountHolderName, routingNumber, accountNumber, accountType). ACH goes as PPD, the entry class of payouts
 * to consumers; Increase's default, CCD, is for business-to-business payments. Each body is written field by
 * field, never spread, so the compiler checks every name against the SDK's type.
 */
export function transferRequestOf(
  rail: IncreaseRailId,
  submission: RailSubmission,
  cents: number,
  accounts: IncreaseAccounts,
): IncreaseTransferCreate {
  const details = submission.destination.details;
  const name = details.accountHolderName ?? '';
  switch (rail) {
    case 'ACH':
      return achRequest(submission, cents, accounts, name);
    case 'RTP':
      return rtpRequest(submission, cents, accounts, name);
    case 'WIRE':
      return wireRequest(submission, cents, accounts, name);
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

function achRequest(
  submission: RailSubmission,
  cents: number,
  accounts: IncreaseAccounts,
  name: string,
): Strict<Increase.ACHTransferCreateParams> {
  const details = submission.destination.details;
  return {
    account_id: accounts.accountId,
    amount: cents,
    statement_descriptor: submission.description,
    account_number: details.accountNumber,
    routing_number: details.routingNumber,
    funding: details.accountType === 'savings' ? 'savings' : 'checking',
    individual_name: name.slice(0, ACH_NAME_LENGTH),
    standard_entry_class_code: 'prearranged_payments_and_deposit',
  };
}

function rtpRequest(
  submission: RailSubmission,
  cents: number,
  accounts: IncreaseAccounts,
  name: string,
): Strict<Increase.RealTimePaymentsTransferCreateParams> {
  const details = submission.destination.details;
  return {
    source_account_number_id: accounts.accountNumberId,
    amount: cents,
    creditor_name: name,
    unstructured_remittance_information: submission.description,
    account_number: details.accountNumber,
    routing_number: details.routingNumber,
  };
}

function wireRequest(
  submission: RailSubmission,
  cents: number,
  accounts: IncreaseAccounts,
  name: string,
): Strict<Increase.WireTransferCreateParams> {
  const details = submission.destination.details;
  return {
    account_id: accounts.accountId,
    amount: cents,
    creditor: { name },
    remittance: { category: 'unstructured', unstructured: { message: submission.description } },
    account_number: details.accountNumber,
    routing_number: details.routingNumber,
  };
}
