import { createHmac, timingSafeEqual } from 'node:crypto';
import { err, ok, type Result } from '@payout/domain';

export const INCREASE_SIGNATURE_HEADER = 'increase-webhook-signature';

export type IncreaseSignatureError =
  | 'MISSING_SIGNATURE'
  | 'MALFORMED_SIGNATURE'
  | 'BAD_SIGNATURE'
  | 'STALE_SIGNATURE';

export interface IncreaseWebhookInput {
  /** The request body exactly as received: a re-serialised JSON object does not verify. */
  readonly rawBody: string | Uint8Array;
  /** The `Increase-Webhook-Signature` header: `t=<ISO 8601 time>,v1=<hex HMAC-SHA256>`. */
  readonly signatureHeader: string | undefined;
  /** The Event Subscription's shared secret, used as it is (the `whsec_` prefix included). */
  readonly secret: string;
  readonly now: Date;
  /**
   * When set, a signature whose `t` is further than this from `now` is refused (a replay). Increase's own SDKs do
   * not check the time and its retries may carry the first delivery's time, so the route decides; unset, no check.
   */
  readonly toleranceMs?: number;
}

/**
 * Checks that a webhook came from Increase: the header's `v1` must be the hex HMAC-SHA256, keyed with the
 * subscription's secret, of `<t>.<raw body>` (the scheme of Increase's SDKs' `webhooks.unwrap`). Compared in
 * constant time; several `v1` entries (a secret being rotated) pass if one matches.
 */
export function verifyIncreaseWebhookSignature(
  input: IncreaseWebhookInput,
): Result<void, IncreaseSignatureError> {
  const header = input.signatureHeader?.trim();
  if (!header) return err('MISSING_SIGNATURE');
  const pairs = header.split(',').map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? ['', ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  const timestamp = pairs.find(([key]) => key === 't')?.[1];
  const signatures = pairs.filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/i.test(value ?? ''));
  if (!timestamp || signatures.length === 0) return err('MALFORMED_SIGNATURE');
  if (input.toleranceMs !== undefined) {
    const signedAt = Date.parse(timestamp);
    if (Number.isNaN(signedAt)) return err('MALFORMED_SIGNATURE');
    if (Math.abs(input.now.getTime() - signedAt) > input.toleranceMs) return err('STALE_SIGNATURE');
  }
  const body =
    typeof input.rawBody === 'string' ? Buffer.from(input.rawBody, 'utf8') : Buffer.from(input.rawBody);
  const expected = createHmac('sha256', input.secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), body]))
    .digest();
  const matches = signatures.some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
  return matches ? ok(undefined) : err('BAD_SIGNATURE');
}
