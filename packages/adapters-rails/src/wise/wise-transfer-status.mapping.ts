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
/**
 * `bounced_back` is under way too: Wise's documented path after a bounce is `processing`, then `cancelled` and
 * `funds_refunded`, unless the details are corrected and it is sent again. Reversing the debit at the bounce could
 * pay twice; the refund (or a new `outgoing_payment_sent`) decides.
 */
const UNDER_WAY = new Set(['processing', 'funds_converted', 'bounced_back']);

/**
 * Our lifecycle status of a Wise transfer; Wise's status travels as the failure's `code`.
 * - `outgoing_payment_sent` is paid: Wise sent it to the recipient's bank.
 * - `funds_refunded`: Wise gave the money back to our balance, either before it left (a check that failed) or
 *   after a bounce: FAILED, which reverses the debit, also after SUCCESS (Wise does not tell the two apart).
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
