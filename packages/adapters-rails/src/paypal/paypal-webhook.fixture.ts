import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Clock, RailWebhookRequest } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import nock from 'nock';
import { BASE_URL, CLIENT_ID, CLIENT_SECRET } from './paypal-api.fixture.js';
import { PayPalWebhookVerifier } from './paypal-webhook.verifier.js';

export const WEBHOOK_ID = '8PT597110X687430LKGECATA';

/** The verifier as configured for the sandbox fixture's account and `webhookId`. */
export const paypalWebhookVerifier = (clock: Clock = new ManualClock(), webhookId = WEBHOOK_ID) =>
  new PayPalWebhookVerifier({
    baseUrl: BASE_URL,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId,
    clock,
    timeoutMs: 2000,
    rails: ['PAYPAL', 'VENMO'],
  });
/** Stands in for PayPal's signing key: its certificate would be at the transmission's cert URL. */
const PAYPAL_KEYS = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** What PayPal signs: `<transmission id>|<time>|<webhook id>|<CRC32 of the body, decimal>`. */
const signedText = (id: string, time: string, webhookId: string, body: string) =>
  `${id}|${time}|${webhookId}|${crc32(Buffer.from(body))}`;

/** A `PAYMENT.PAYOUTS-ITEM.<event>` webhook about batch `batchId`, with PayPal's transmission headers. */
export function signedPayoutsItemEvent(
  batchId: string,
  event = 'SUCCEEDED',
  webhookId = WEBHOOK_ID,
): RailWebhookRequest {
  const body = JSON.stringify({
    id: `WH-${batchId}-${event}`,
    event_version: '1.0',
    create_time: '2026-01-15T12:05:00.000Z',
    resource_type: 'payouts_item',
    event_type: `PAYMENT.PAYOUTS-ITEM.${event}`,
    summary: `Payouts item ${event.toLowerCase()}`,
    resource: {
      payout_item_id: `ITEM-${batchId}`,
      transaction_id: '4DR28561YF930891D',
      transaction_status: event === 'SUCCEEDED' ? 'SUCCESS' : event,
      payout_batch_id: batchId,
      payout_item: { recipient_type: 'EMAIL', receiver: 'ada@example.com', sender_item_id: 'wd-0001' },
    },
  });
  const id = `b2384410-f8d2-11e5-9b10-${batchId.toLowerCase().padEnd(12, '0').slice(0, 12)}`;
  const time = '2026-01-15T12:05:01Z';
  return {
    rawBody: Buffer.from(body),
    headers: {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      'paypal-transmission-id': id,
      'paypal-transmission-sig': sign(
        'sha256',
        Buffer.from(signedText(id, time, webhookId, body)),
        PAYPAL_KEYS.privateKey,
      ).toString('base64'),
      'paypal-transmission-time': time,
    },
  };
}

interface VerifyRequest {
  readonly transmission_id: string;
  readonly transmission_time: string;
  readonly transmission_sig: string;
  readonly webhook_id: string;
  readonly webhook_event: unknown;
}

/**
 * PayPal's `POST /v1/notifications/verify-webhook-signature`, scripted: SUCCESS when the signature is PayPal's
 * over the event as sent (compact JSON, as the fixture's events are) for that webhook id, FAILURE otherwise.
 * Returns the raw bodies it received.
 */
export function scriptVerifyWebhookSignature(): string[] {
  const received: string[] = [];
  nock(BASE_URL)
    .persist()
    .post('/v1/notifications/verify-webhook-signature')
    .reply(async (request: Request) => {
      const raw = await request.text();
      received.push(raw);
      const asked = JSON.parse(raw) as VerifyRequest;
      const text = signedText(
        asked.transmission_id,
        asked.transmission_time,
        asked.webhook_id,
        JSON.stringify(asked.webhook_event),
      );
      const good = verify(
        'sha256',
        Buffer.from(text),
        PAYPAL_KEYS.publicKey,
        Buffer.from(asked.transmission_sig, 'base64'),
      );
      return [200, { verification_status: good ? 'SUCCESS' : 'FAILURE' }];
    });
  return received;
}
