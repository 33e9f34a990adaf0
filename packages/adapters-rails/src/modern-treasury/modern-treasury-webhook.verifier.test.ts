import { expect } from 'chai';
import {
  signedModernTreasuryBody,
  signedPaymentOrderEvent,
  WEBHOOK_KEY,
} from './modern-treasury-webhook.fixture.js';
import { ModernTreasuryWebhookVerifier } from './modern-treasury-webhook.verifier.js';

const verifier = new ModernTreasuryWebhookVerifier({ webhookKey: WEBHOOK_KEY, rails: ['ACH', 'WIRE'] });
const PO = '0f8e3719-3dfd-4613-9bbf-c0333781b59f';

describe('ModernTreasuryWebhookVerifier', () => {
  it('names the payment order of a payment_order event once X-Signature (hex HMAC-SHA256 of the body) verifies', async () => {
    for (const event of ['completed', 'returned', 'failed', 'begin_processing'])
      expect(await verifier.read(signedPaymentOrderEvent(PO, event))).to.deep.equal({
        kind: 'VERIFIED',
        references: [PO],
      });
  });

  it('names the returned payment order of a return event, and nothing for other objects', async () => {
    const returned = JSON.stringify({
      event: 'completed',
      data: {
        id: 'ret_1',
        object: 'return',
        returnable_id: PO,
        returnable_type: 'payment_order',
        code: 'R01',
      },
    });
    expect(await verifier.read(signedModernTreasuryBody(returned))).to.deep.equal({
      kind: 'VERIFIED',
      references: [PO],
    });
    const other = JSON.stringify({ event: 'created', data: { id: 'ep_1', object: 'expected_payment' } });
    const signed = signedModernTreasuryBody(other);
    expect(
      await verifier.read({ ...signed, headers: { ...signed.headers, 'x-topic': 'expected_payment' } }),
    ).to.deep.equal({ kind: 'VERIFIED', references: [] });
  });

  it('refuses a body signed with another key, tampered with, unsigned or with a malformed signature', async () => {
    const good = signedPaymentOrderEvent(PO);
    const refusals = [
      signedPaymentOrderEvent(PO, 'completed', 'another_key'),
      { ...good, rawBody: Buffer.from(good.rawBody.toString().replace(PO, `${PO.slice(0, -1)}0`)) },
      { ...good, headers: {} },
      { ...good, headers: { 'x-signature': 'sha256=abc' } },
    ];
    for (const request of refusals) {
      const reading = await verifier.read(request);
      expect(reading.kind).to.equal('REFUSED');
      expect(JSON.stringify(reading)).not.to.include(WEBHOOK_KEY);
    }
  });
});
