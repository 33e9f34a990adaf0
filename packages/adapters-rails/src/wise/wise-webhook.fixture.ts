import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { RailWebhookRequest } from '@payout/domain';

/** Stands in for Wise's signing key pair; the verifier is given the public half as PEM, as configured. */
const WISE_KEYS = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const WISE_PUBLIC_KEY_PEM = WISE_KEYS.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** A `transfers#state-change` event (schema 2.0.0) about transfer `transferId`, signed as Wise signs. */
export function signedTransferStateChange(
  transferId: number,
  currentState = 'outgoing_payment_sent',
  privateKey: KeyObject = WISE_KEYS.privateKey,
): RailWebhookRequest {
  const body = JSON.stringify({
    data: {
      resource: { type: 'transfer', id: transferId, profile_id: 16_000_001, account_id: 31_000_001 },
      current_state: currentState,
      previous_state: 'processing',
      occurred_at: '2026-01-15T12:34:56.789Z',
    },
    subscription_id: '01234567-89ab-cdef-0123-456789abcdef',
    event_type: 'transfers#state-change',
    schema_version: '2.0.0',
    sent_at: '2026-01-15T12:34:57.123Z',
  });
  return signedWiseBody(body, privateKey);
}

export function signedWiseBody(
  body: string,
  privateKey: KeyObject = WISE_KEYS.privateKey,
): RailWebhookRequest {
  return {
    rawBody: Buffer.from(body),
    headers: {
      'x-signature-sha256': sign('sha256', Buffer.from(body), privateKey).toString('base64'),
      'x-delivery-id': 'a7e6b7d1-2f1c-4c52-9d9e-4c1f0a6b2e11',
    },
  };
}
