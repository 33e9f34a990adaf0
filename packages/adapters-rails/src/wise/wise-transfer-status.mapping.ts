import { FAILURE_REASONS, type RailStatus } from '@payout/domain';
import { asObject, text } from '../http/json-fields.js';
import type { WiseTransferBody } from './wise-api.types.js';

/**
 * Wise's transfer statuses (docs.wise.com, "Tracking transfers"): before the money leaves, waiting for the
 * funding, a recipient's answer, or Wise's checks and conversion.
 */
const WAITING = new Set([
  'incoming_payment_waiting',
  'incoming_payment_initiated',
  'waiting_recipient_input_to_proceed',
]);
const UNDER_WAY = new Set(['processing', 'funds_converted']);

/**
 * Our lifecycle status of a Wise transfer; Wise's status travels as the failure's `code`.
 * - `outgoing_payment_sent` is paid: Wise sent it to the recipient's bank.
 * - `bounced_back`: the recipient's bank sent it back (a closed or wrong account): a return.
 * - `funds_refunded`: Wise gave the money back to our balance, either before it left (a check that failed) or
 *   after a bounce. Both end the withdrawal as FAILED and reverse its debit, also after SUCCESS.
 * - `cancelled`: called off before it was paid.
 * - `charged_back` (the funding was pulled back) and statuses this adapter does not know are UNAVAILABLE: the
 *   recipient may have been paid, so an operator decides, rather than a guessed outcome for money.
 */
export function railStatusOfTransfer(body: unknown): RailStatus {
  const status = text(asObject<WiseTransferBody>(body).status) ?? '';
  if (WAITING.has(status)) return { kind: 'PENDING' };
  if (UNDER_WAY.has(status)) return { kind: 'PROCESSING' };
  switch (status) {
    case 'outgoing_payment_sent':
      return { kind: 'SETTLED' };
    case 'bounced_back':
      return { kind: 'RETURNED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND, code: status };
    case 'funds_refunded':
      return { kind: 'FAILED', reason: FAILURE_REASONS.GENERAL, code: status };
    case 'cancelled':
      return { kind: 'FAILED', reason: FAILURE_REASONS.CANCELLED, code: status };
    default:
      return {
        kind: 'UNAVAILABLE',
        detail: `Wise transfer status '${status}' needs an operator: reconcile by hand`,
      };
  }
}
