import { FAILURE_REASONS, type RailSubmitResult } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { closedPortUrl, useSilentServer } from '../testing/local-servers.js';
import {
  BASE_URL,
  batchCreated,
  batchShown,
  CLIENT_ID,
  CLIENT_SECRET,
  duplicateBatch,
  errorBody,
  paypal,
  RECEIVER,
  submission,
  tokenEndpoint,
  usePayPalNock,
} from './paypal-api.fixture.js';
import { PayPalPayoutsRail, type PayPalRailId, venmoRecipient } from './paypal-payouts.rail.js';

const railFor = (
  id: PayPalRailId = 'PAYPAL',
  baseUrl = BASE_URL,
  timeoutMs = 2000,
  clock = new ManualClock(),
) =>
  new PayPalPayoutsRail({ id, baseUrl, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, clock, timeoutMs });

/** Nothing a rail answers may carry the credentials, a token or the recipient. */
function expectNoSecrets(result: RailSubmitResult): void {
  for (const secret of [CLIENT_SECRET, 'TOKEN-A', 'TOKEN-B', RECEIVER])
    expect(JSON.stringify(result)).not.to.include(secret);
}

describe('PayPalPayoutsRail.submit', () => {
  usePayPalNock();

  it('creates a one-item batch keyed by the withdrawal id and answers its payout_batch_id', async () => {
    tokenEndpoint('TOKEN-A');
    let sent: unknown;
    const create = paypal()
      .post('/v1/payments/payouts', (body) => {
        sent = body;
        return true;
      })
      .matchHeader('authorization', 'Bearer TOKEN-A')
      .reply(201, batchCreated('5UXD2E8A7EBQJ', 'wd-0001'));
    const result = await railFor().submit(submission());
    expect(result).to.deep.equal({ kind: 'ACCEPTED', reference: '5UXD2E8A7EBQJ' });
    expect(create.isDone()).to.equal(true);
    expect(sent).to.deep.equal({
      sender_batch_header: { sender_batch_id: 'wd-0001' },
      items: [
        {
          recipient_type: 'EMAIL',
          receiver: RECEIVER,
          amount: { value: '25.10', currency: 'USD' },
          note: 'Payout wd-0001',
          recipient_wallet: 'PAYPAL',
          sender_item_id: 'wd-0001',
        },
      ],
    });
  });

  it('sends VENMO as the wallet, to the email, US mobile number or Venmo handle the link holds', async () => {
    const bodies: { items: { recipient_type: string; receiver: string; recipient_wallet: string }[] }[] = [];
    tokenEndpoint('TOKEN-A');
    paypal()
      .post('/v1/payments/payouts', (body) => bodies.push(body) > 0)
      .times(3)
      .reply(201, batchCreated('B1', 'wd-0001'));
    const rail = railFor('VENMO');
    for (const username of ['+1 (415) 555-0100', RECEIVER, '@ada-lovelace'])
      await rail.submit(submission({ destination: { kind: 'venmo', details: { username } } }));
    expect(bodies.map((body) => [body.items[0].recipient_type, body.items[0].receiver])).to.deep.equal([
      ['PHONE', '4155550100'],
      ['EMAIL', RECEIVER],
      ['USER_HANDLE', 'ada-lovelace'],
    ]);
    expect(bodies.map((body) => body.items[0].recipient_wallet)).to.deep.equal(['VENMO', 'VENMO', 'VENMO']);
  });

  it('reads a Venmo username as an email, a US mobile number, or else a handle', () => {
    for (const [written, type, receiver] of [
      ['4155550100', 'PHONE', '4155550100'],
      ['415.555.0100', 'PHONE', '4155550100'],
      ['1-415-555-0100', 'PHONE', '4155550100'],
      ['ada@example.com', 'EMAIL', 'ada@example.com'],
      ['Ada-Lovelace', 'USER_HANDLE', 'Ada-Lovelace'],
      ['@ada_l', 'USER_HANDLE', 'ada_l'],
      ['12345', 'USER_HANDLE', '12345'],
    ])
      expect(venmoRecipient(written as string), written).to.deep.equal({ recipient_type: type, receiver });
  });

  const refusals: [string, number, object, string][] = [
    [
      'an invalid receiver',
      400,
      errorBody('VALIDATION_ERROR', [
        { field: 'items[0].receiver', issue: 'Receiver is invalid or does not match with type' },
      ]),
      FAILURE_REASONS.RECIPIENT_NOT_FOUND,
    ],
    [
      'an invalid amount',
      400,
      errorBody('VALIDATION_ERROR', [{ field: 'items[0].amount.value', issue: 'Invalid amount' }]),
      FAILURE_REASONS.GENERAL,
    ],
    ['a risk decline', 422, errorBody('RISK_DECLINE'), FAILURE_REASONS.COMPLIANCE],
  ];
  for (const [what, status, body, reason] of refusals)
    it(`rejects ${what} (${status}) with the mapped reason`, async () => {
      tokenEndpoint('TOKEN-A');
      paypal().post('/v1/payments/payouts').reply(status, body);
      const result = await railFor().submit(submission());
      expect(result).to.include({ kind: 'REJECTED', reason });
      expect(result.kind === 'REJECTED' && result.detail).to.include(`${status}`);
      expectNoSecrets(result);
    });

  it('is unavailable on a 5xx and on a 429 (held back by its Retry-After), without paying anything', async () => {
    tokenEndpoint('TOKEN-A');
    paypal().post('/v1/payments/payouts').reply(503, errorBody('SERVICE_UNAVAILABLE'));
    paypal()
      .post('/v1/payments/payouts')
      .reply(429, errorBody('RATE_LIMIT_REACHED'), { 'Retry-After': '30' });
    const rail = railFor();
    const results = [await rail.submit(submission()), await rail.submit(submission())];
    expect(results.map((result) => result.kind)).to.deep.equal(['UNAVAILABLE', 'UNAVAILABLE']);
    expect(
      results.map((result) => (result.kind === 'UNAVAILABLE' ? result.retryAfterMs : null)),
    ).to.deep.equal([undefined, 30_000]);
    results.forEach(expectNoSecrets);
  });

  it('is unavailable, not rejected, while our PayPal balance is too low: retried once it is topped up', async () => {
    tokenEndpoint('TOKEN-A');
    paypal().post('/v1/payments/payouts').reply(422, errorBody('INSUFFICIENT_FUNDS'));
    const result = await railFor().submit(submission());
    expect(result.kind).to.equal('UNAVAILABLE');
    expect(result.kind === 'UNAVAILABLE' && result.detail).to.include('top up the PayPal balance');
  });

  it("sends no retry once PayPal's 30-day duplicate check could no longer catch it", async () => {
    const requestedAt = new Date('2026-01-15T12:00:00Z');
    const clock = new ManualClock(new Date(requestedAt.getTime() + 29 * 86_400_000 + 1));
    const late = railFor('PAYPAL', BASE_URL, 2000, clock);
    const result = await late.submit(submission({ attempt: 2, requestedAt }));
    expect(result.kind).to.equal('UNAVAILABLE');
    expect(result.kind === 'UNAVAILABLE' && result.detail).to.include('reconcile by hand');
  });

  it('is unavailable when the token endpoint fails, and never posts a payout without a token', async () => {
    paypal()
      .post('/v1/oauth2/token')
      .reply(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    const create = paypal().post('/v1/payments/payouts').reply(201, batchCreated('B1', 'wd-0001'));
    const result = await railFor().submit(submission());
    expect(result.kind).to.equal('UNAVAILABLE');
    expect(result.kind === 'UNAVAILABLE' && result.detail).to.include('invalid_client');
    expect(create.isDone()).to.equal(false);
    expectNoSecrets(result);
  });

  it('is unavailable when the connection is refused', async () => {
    const result = await railFor('PAYPAL', await closedPortUrl()).submit(submission());
    expect(result.kind).to.equal('UNAVAILABLE');
    expect(result.kind === 'UNAVAILABLE' && result.detail).to.include('ECONNREFUSED');
  });

  describe('against a PayPal that never answers', () => {
    const silentUrl = useSilentServer();

    it('answers UNAVAILABLE once its timeout has passed', async () => {
      const started = performance.now();
      const result = await railFor('PAYPAL', silentUrl(), 150).submit(submission());
      expect(result.kind).to.equal('UNAVAILABLE');
      expect(result.kind === 'UNAVAILABLE' && result.detail).to.include('timed out');
      expect(performance.now() - started).to.be.within(140, 2000);
    });
  });

  it('renews an expired token once on a 401 and repeats the call with the new one', async () => {
    const tokens = tokenEndpoint('TOKEN-A')
      .post('/v1/oauth2/token')
      .reply(200, { access_token: 'TOKEN-B', expires_in: 32400 });
    paypal().post('/v1/payments/payouts').matchHeader('authorization', 'Bearer TOKEN-A').reply(401, {
      error: 'invalid_token',
      error_description: 'Token signature verification failed',
    });
    paypal()
      .post('/v1/payments/payouts')
      .matchHeader('authorization', 'Bearer TOKEN-B')
      .reply(201, batchCreated('B2', 'wd-0001'));
    expect(await railFor().submit(submission())).to.deep.equal({ kind: 'ACCEPTED', reference: 'B2' });
    expect(tokens.isDone()).to.equal(true);
  });

  it('renews only once: a second 401 is UNAVAILABLE', async () => {
    tokenEndpoint('TOKEN-A', 32400, 2);
    const creates = paypal().post('/v1/payments/payouts').times(3).reply(401, { error: 'invalid_token' });
    const result = await railFor().submit(submission());
    expect(result.kind).to.equal('UNAVAILABLE');
    expect(creates.pendingMocks()).to.have.length(1);
  });

  it('adopts the original batch when PayPal refuses a repeated sender_batch_id', async () => {
    tokenEndpoint('TOKEN-A');
    paypal().post('/v1/payments/payouts').reply(400, duplicateBatch('CR9VS2K4X4846'));
    paypal()
      .get('/v1/payments/payouts/CR9VS2K4X4846')
      .reply(200, batchShown('CR9VS2K4X4846', 'wd-0001', [{ senderItemId: 'wd-0001', status: 'SUCCESS' }]));
    expect(await railFor().submit(submission({ attempt: 2 }))).to.deep.equal({
      kind: 'ACCEPTED',
      reference: 'CR9VS2K4X4846',
    });
  });

  it('stays UNAVAILABLE on a duplicate it cannot match to this withdrawal', async () => {
    tokenEndpoint('TOKEN-A');
    paypal().post('/v1/payments/payouts').reply(400, duplicateBatch(null));
    paypal().post('/v1/payments/payouts').reply(400, duplicateBatch('OTHER1'));
    paypal()
      .get('/v1/payments/payouts/OTHER1')
      .reply(200, batchShown('OTHER1', 'wd-9999', []));
    const rail = railFor();
    const unlinked = await rail.submit(submission());
    const foreign = await rail.submit(submission());
    expect([unlinked.kind, foreign.kind]).to.deep.equal(['UNAVAILABLE', 'UNAVAILABLE']);
  });
});
