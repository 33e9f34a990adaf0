import type { RailSubmission } from '@payout/domain';
import type Increase from 'increase';
import type { Strict } from '../http/sdk-params.js';

/**
 * The business that sends card payouts, as the card networks show it to the cardholder: Increase requires these
 * on every Card Push Transfer, and approves the program for its merchant category code.
 */
export interface IncreaseCardSender {
  /** The statement descriptor (`merchant_name`), also the transfer's `sender_name`. */
  readonly name: string;
  /** One to four characters before `*` in some descriptors (`merchant_name_prefix`). */
  readonly namePrefix: string;
  /** The four-digit merchant category code the program is approved for. */
  readonly categoryCode: string;
  readonly addressLine1: string;
  readonly city: string;
  /** Two-letter state code. */
  readonly state: string;
  readonly postalCode: string;
}

/**
 * The create body of a Card Push Transfer (the SDK's `CardPushTransferCreateParams`): a funds
 * disbursement from the account number `sourceAccountNumberId` to the linked card's token. The amount goes as
 * Increase documents it, a decimal string in dollars, written from the domain's decimal, never a float.
 */
export function cardPushRequestOf(
  submission: RailSubmission,
  cardTokenId: string,
  sender: IncreaseCardSender,
  sourceAccountNumberId: string,
): Strict<Increase.CardPushTransferCreateParams> {
  return {
    business_application_identifier: 'funds_disbursement',
    card_token_id: cardTokenId,
    presentment_amount: { currency: submission.currency, value: submission.amount.toString() },
    recipient_name: submission.destination.details.cardholderName ?? '',
    source_account_number_id: sourceAccountNumberId,
    merchant_category_code: sender.categoryCode,
    merchant_name: sender.name,
    merchant_name_prefix: sender.namePrefix,
    merchant_city_name: sender.city,
    merchant_state: sender.state,
    merchant_postal_code: sender.postalCode,
    sender_name: sender.name,
    sender_address_line1: sender.addressLine1,
    sender_address_city: sender.city,
    sender_address_state: sender.state,
    sender_address_postal_code: sender.postalCode,
  };
}
