import { Money, type RailSubmission } from '@payout/domain';
import nock from 'nock';
import { standsInFor } from '../testing/definitions/checked-fetch.js';
import { useNock } from '../testing/use-nock.js';

/** Bodies in the documented shapes of PayPal's OAuth2 token endpoint and Payouts API v1, and the nock setup the PayPal suites share. */
export const BASE_URL = 'https://api-m.sandbox.paypal.com';
standsInFor(BASE_URL, 'paypal');
export const CLIENT_ID = 'client-id-sandbox';
export const CLIENT_SECRET = 'client-secret-do-not-log';
export const RECEIVER = 'ada@example.com';

export const usePayPalNock = useNock;

export const paypal = (): nock.Scope => nock(BASE_URL);

/** Expects `times` token requests made with basic auth and the client-credentials grant. */
export function tokenEndpoint(token: string, expiresInSeconds = 32400, times = 1): nock.Scope {
  return paypal()
    .post('/v1/oauth2/token', 'grant_type=client_credentials')
    .basicAuth({ user: CLIENT_ID, pass: CLIENT_SECRET })
    .times(times)
    .reply(200, {
      scope: 'https://uri.paypal.com/payments/payouts',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: expiresInSeconds,
      nonce: '2026-01-15T12:00:00ZnonceValue',
    });
}

export const submission = (overrides: Partial<RailSubmission> = {}): RailSubmission => ({
  withdrawalId: 'wd-0001',
  attempt: 1,
  requestedAt: new Date('2026-01-15T12:00:00Z'),
  amount: Money.of('25.10'),
  currency: 'USD',
  destination: { kind: 'paypal', details: { username: RECEIVER, paypalDestinationType: 'EMAIL' } },
  description: 'Payout wd-0001',
  ...overrides,
});

export const batchCreated = (batchId: string, senderBatchId: string) => ({
  batch_header: {
    payout_batch_id: batchId,
    batch_status: 'PENDING',
    sender_batch_header: { sender_batch_id: senderBatchId },
  },
  links: [{ href: `${BASE_URL}/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET' }],
});

export interface ItemState {
  readonly senderItemId: string;
  readonly status: string;
  readonly errorName?: string;
}

export const batchShown = (batchId: string, senderBatchId: string, items: readonly ItemState[]) => ({
  batch_header: {
    payout_batch_id: batchId,
    batch_status: items.length === 0 ? 'PENDING' : 'SUCCESS',
    time_created: '2026-01-15T12:00:00Z',
    sender_batch_header: { sender_batch_id: senderBatchId },
    amount: { currency: 'USD', value: '25.10' },
    fees: { currency: 'USD', value: '0.25' },
  },
  items: items.map((item, index) => ({
    payout_item_id: `${batchId}ITEM${index}`,
    transaction_id: `TX${index}${batchId}`,
    transaction_status: item.status,
    payout_item_fee: { currency: 'USD', value: '0.25' },
    payout_batch_id: batchId,
    payout_item: {
      recipient_type: 'EMAIL',
      amount: { currency: 'USD', value: '25.10' },
      receiver: RECEIVER,
      sender_item_id: item.senderItemId,
      recipient_wallet: 'PAYPAL',
    },
    time_processed: '2026-01-15T12:00:05Z',
    ...(item.errorName
      ? { errors: { name: item.errorName, message: 'see name', information_link: '', details: [] } }
      : {}),
    links: [
      { href: `${BASE_URL}/v1/payments/payouts-item/${batchId}ITEM${index}`, rel: 'item', method: 'GET' },
    ],
  })),
});

export const errorBody = (name: string, details: readonly { field: string; issue: string }[] = []) => ({
  name,
  message: 'Invalid request - see details',
  debug_id: '53d95c3d17ae5',
  information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
  details: details.map((detail) => ({ ...detail, location: 'body' })),
  links: [],
});

/** What PayPal answers to a second batch with a sender_batch_id it saw in the last 30 days. */
export const duplicateBatch = (originalBatchId: string | null) => ({
  name: 'USER_BUSINESS_ERROR',
  message: 'User business error.',
  debug_id: 'f05063556a338',
  information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
  details: [
    {
      field: 'SENDER_BATCH_ID',
      issue: 'Batch with given sender_batch_id already exists',
      ...(originalBatchId
        ? {
            link: [
              {
                href: `https://api.sandbox.paypal.com/v1/payments/payouts/${originalBatchId}`,
                rel: 'self',
                method: 'GET',
              },
            ],
          }
        : {}),
    },
  ],
});
