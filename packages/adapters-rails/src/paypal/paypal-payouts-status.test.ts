import { FAILURE_REASONS, Money, type RailStatus } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import {
  BASE_URL,
  batchShown,
  CLIENT_ID,
  CLIENT_SECRET,
  type ItemState,
  paypal,
  tokenEndpoint,
  usePayPalNock,
} from './paypal-api.fixture.js';
import { PayPalPayoutsRail } from './paypal-payouts.rail.js';

const BATCH = 'CDZEC5MJ8R5HY';
const query = {
  withdrawalId: 'wd-0001',
  reference: BATCH,
  amount: Money.of('25.10'),
  submittedAt: new Date(0),
};

describe('PayPalPayoutsRail.status', () => {
  usePayPalNock();
  const rail = () =>
    new PayPalPayoutsRail({
      id: 'VENMO',
      baseUrl: `${BASE_URL}/`,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      clock: new ManualClock(),
      timeoutMs: 2000,
    });
  const statusWhen = async (items: readonly ItemState[]): Promise<RailStatus> => {
    tokenEndpoint('TOKEN-A');
    paypal()
      .get(`/v1/payments/payouts/${BATCH}`)
      .reply(200, batchShown(BATCH, 'wd-0001', items));
    return rail().status(query);
  };
  const item = (status: string, errorName?: string): ItemState[] => [
    { senderItemId: 'wd-0001', status, ...(errorName ? { errorName } : {}) },
  ];

  const table: [string, string | undefined, RailStatus][] = [
    ['SUCCESS', undefined, { kind: 'SETTLED' }],
    ['PENDING', undefined, { kind: 'PENDING' }],
    ['UNCLAIMED', 'RECEIVER_UNREGISTERED', { kind: 'PENDING' }],
    ['ONHOLD', undefined, { kind: 'PENDING' }],
    ['FAILED', 'RECEIVER_UNREGISTERED', { kind: 'FAILED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND }],
    // A locked or invalid account cannot receive: the linked account is marked unusable.
    [
      'FAILED',
      'RECEIVER_ACCOUNT_LOCKED',
      { kind: 'FAILED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND, accountUnusable: true },
    ],
    ['FAILED', 'INSUFFICIENT_FUNDS', { kind: 'FAILED', reason: FAILURE_REASONS.GENERAL }],
    ['FAILED', undefined, { kind: 'FAILED', reason: FAILURE_REASONS.GENERAL }],
    ['BLOCKED', 'REGULATORY_BLOCKED', { kind: 'FAILED', reason: FAILURE_REASONS.COMPLIANCE }],
    ['DENIED', 'RISK_DECLINE', { kind: 'FAILED', reason: FAILURE_REASONS.COMPLIANCE }],
    ['DENIED', 'RECEIVER_COUNTRY_NOT_ALLOWED', { kind: 'FAILED', reason: FAILURE_REASONS.COMPLIANCE }],
    ['RETURNED', undefined, { kind: 'FAILED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND }],
    ['REFUNDED', undefined, { kind: 'RETURNED', reason: FAILURE_REASONS.GENERAL }],
    ['REVERSED', 'RISK_DECLINE', { kind: 'RETURNED', reason: FAILURE_REASONS.COMPLIANCE }],
  ];
  for (const [status, errorName, expected] of table)
    it(`maps item ${status}${errorName ? ` (${errorName})` : ''} to ${expected.kind}`, async () => {
      // A failure carries PayPal's error name as its code (payload.failureCode) when PayPal gave one; an unclaimed
      // item's failure and a return without one carry the status, so RETURNED, REFUNDED and REVERSED stay told apart.
      const code =
        expected.kind === 'RETURNED' || status === 'RETURNED'
          ? (errorName ?? status)
          : expected.kind === 'FAILED' && errorName;
      expect(await statusWhen(item(status, errorName))).to.deep.equal(
        code ? { ...expected, code } : expected,
      );
    });

  it('reports a refund after settlement as RETURNED with REFUNDED as its code, on a rail watched for 30 days', async () => {
    expect(rail().returnWindowMs).to.equal(30 * 24 * 3_600_000);
    expect(await statusWhen(item('SUCCESS'))).to.deep.equal({ kind: 'SETTLED' });
    expect(await statusWhen(item('REFUNDED'))).to.deep.equal({
      kind: 'RETURNED',
      reason: FAILURE_REASONS.GENERAL,
      code: 'REFUNDED',
    });
  });

  it("reads this withdrawal's item, found by sender_item_id", async () => {
    const items = [
      { senderItemId: 'wd-other', status: 'FAILED', errorName: 'RECEIVER_UNREGISTERED' },
      { senderItemId: 'wd-0001', status: 'SUCCESS' },
    ];
    expect(await statusWhen(items)).to.deep.equal({ kind: 'SETTLED' });
  });

  it('is PENDING while PayPal has not split the batch into items, FAILED when it denied the batch', async () => {
    expect(await statusWhen([])).to.deep.equal({ kind: 'PENDING' });
    tokenEndpoint('TOKEN-A');
    const shown = batchShown(BATCH, 'wd-0001', []);
    const denied = { ...shown, batch_header: { ...shown.batch_header, batch_status: 'DENIED' } };
    paypal().get(`/v1/payments/payouts/${BATCH}`).reply(200, denied);
    expect(await rail().status(query)).to.deep.equal({ kind: 'FAILED', reason: FAILURE_REASONS.GENERAL });
  });

  it('reports an item status it does not know as UNAVAILABLE, naming it, rather than guessing', async () => {
    const status = await statusWhen(item('MYSTERY'));
    expect(status.kind).to.equal('UNAVAILABLE');
    expect(status.kind === 'UNAVAILABLE' && status.detail).to.include('MYSTERY');
  });

  it('is UNAVAILABLE on a 5xx, and on a 404 for a batch id PayPal itself issued', async () => {
    tokenEndpoint('TOKEN-A');
    paypal().get(`/v1/payments/payouts/${BATCH}`).reply(500, { name: 'INTERNAL_SERVER_ERROR' });
    paypal().get(`/v1/payments/payouts/${BATCH}`).reply(404, { name: 'INVALID_RESOURCE_ID' });
    const watched = rail();
    expect((await watched.status(query)).kind).to.equal('UNAVAILABLE');
    expect((await watched.status(query)).kind).to.equal('UNAVAILABLE');
  });

  it('renews the token once on a 401 while polling', async () => {
    tokenEndpoint('TOKEN-A')
      .post('/v1/oauth2/token')
      .reply(200, { access_token: 'TOKEN-B', expires_in: 600 });
    paypal()
      .get(`/v1/payments/payouts/${BATCH}`)
      .matchHeader('authorization', 'Bearer TOKEN-A')
      .reply(401, {});
    paypal()
      .get(`/v1/payments/payouts/${BATCH}`)
      .matchHeader('authorization', 'Bearer TOKEN-B')
      .reply(200, batchShown(BATCH, 'wd-0001', item('SUCCESS')));
    expect(await rail().status(query)).to.deep.equal({ kind: 'SETTLED' });
  });
});
