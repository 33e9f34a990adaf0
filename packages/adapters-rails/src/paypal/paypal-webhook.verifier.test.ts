import { expect } from 'chai';
import { CLIENT_SECRET, paypal, tokenEndpoint, usePayPalNock } from './paypal-api.fixture.js';
import {
  paypalWebhookVerifier,
  scriptVerifyWebhookSignature,
  signedPayoutsItemEvent,
  WEBHOOK_ID,
} from './paypal-webhook.fixture.js';

describe('PayPalWebhookVerifier', () => {
  usePayPalNock();

  it("asks PayPal to verify the event as received, then names the item's payout batch", async () => {
    tokenEndpoint('TOKEN-A');
    const received = scriptVerifyWebhookSignature();
    const verifier = paypalWebhookVerifier();
    expect(await verifier.read(signedPayoutsItemEvent('5UXD2E8A7EBQJ'))).to.deep.equal({
      kind: 'VERIFIED',
      references: ['5UXD2E8A7EBQJ'],
    });
    const [asked] = received.map((raw) => JSON.parse(raw) as Record<string, unknown>);
    expect(asked).to.include({ webhook_id: WEBHOOK_ID, auth_algo: 'SHA256withRSA' });
    expect(asked?.cert_url).to.match(/^https:\/\/api\.paypal\.com\//);
    // A second webhook reuses the cached token (tokenEndpoint answers once).
    expect((await verifier.read(signedPayoutsItemEvent('5UXD2E8A7EBQJ', 'RETURNED'))).kind).to.equal(
      'VERIFIED',
    );
  });

  it('sends the event as its exact bytes, however PayPal spaced them', async () => {
    tokenEndpoint('TOKEN-A');
    const received = scriptVerifyWebhookSignature();
    const event = signedPayoutsItemEvent('5UXD2E8A7EBQJ');
    const spaced = Buffer.from(JSON.stringify(JSON.parse(event.rawBody.toString()), null, 1));
    await paypalWebhookVerifier().read({ ...event, rawBody: spaced });
    expect(received[0]).to.include(`"webhook_event":${spaced.toString()}}`);
  });

  it("refuses what PayPal does not verify (another webhook's, tampered with), missing headers and a non-JSON body", async () => {
    tokenEndpoint('TOKEN-A');
    const received = scriptVerifyWebhookSignature();
    const verifier = paypalWebhookVerifier();
    const good = signedPayoutsItemEvent('5UXD2E8A7EBQJ');
    const refusals = [
      signedPayoutsItemEvent('5UXD2E8A7EBQJ', 'SUCCEEDED', 'ANOTHERWEBHOOK1'),
      { ...good, rawBody: Buffer.from(good.rawBody.toString().replace('5UXD2E8A7EBQJ', '5UXD2E8A7EBQK')) },
    ];
    for (const request of refusals) expect((await verifier.read(request)).kind).to.equal('REFUSED');
    const { 'paypal-transmission-sig': _, ...unsigned } = good.headers;
    expect((await verifier.read({ ...good, headers: unsigned })).kind).to.equal('REFUSED');
    expect((await verifier.read({ ...good, rawBody: Buffer.from('not json') })).kind).to.equal('REFUSED');
    expect(received, 'PayPal not asked about an unsigned or non-JSON webhook').to.have.length(2);
  });

  it('refuses on a 400 from PayPal, and throws (a 503, PayPal retries) when PayPal cannot answer', async () => {
    tokenEndpoint('TOKEN-A');
    const path = '/v1/notifications/verify-webhook-signature';
    paypal().post(path).reply(400, { name: 'VALIDATION_ERROR', message: 'Invalid request' });
    paypal().post(path).reply(503, { name: 'SERVICE_UNAVAILABLE' });
    const verifier = paypalWebhookVerifier();
    const event = signedPayoutsItemEvent('5UXD2E8A7EBQJ');
    expect((await verifier.read(event)).kind).to.equal('REFUSED');
    const failure = await verifier.read(event).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).to.include('503').and.not.include(CLIENT_SECRET);
  });
});
