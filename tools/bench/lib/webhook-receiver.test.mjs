import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { CROSS_CHECK_EVERY, verifier, WebhookReceiver } from './webhook-receiver.mjs';

const SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;
const OTHER = `whsec_${Buffer.alloc(32, 6).toString('base64')}`;
const BODY = '{"type":"withdrawal.updated","payload":{"status":"SUCCESS"}}';

/** Headers as the standardwebhooks library signs them. */
function signed(secret, { id = 'evt_1', at = new Date(), body = BODY } = {}) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

describe('bench webhook receiver', () => {
  it('accepts what the standardwebhooks library signs, and nothing altered', () => {
    const verify = verifier(SECRET);
    expect(verify(BODY, signed(SECRET))).to.equal(true);
    expect(verify(`${BODY} `, signed(SECRET)), 'body changed').to.equal(false);
    expect(verify(BODY, { ...signed(SECRET), 'webhook-id': 'evt_2' }), 'id changed').to.equal(false);
    expect(verify(BODY, signed(OTHER)), 'another secret').to.equal(false);
    expect(
      verify(BODY, signed(SECRET, { at: new Date(Date.now() - 10 * 60_000) })),
      'ten minutes old',
    ).to.equal(false);
    const { 'webhook-signature': _, ...unsigned } = signed(SECRET);
    expect(verify(BODY, unsigned), 'no signature').to.equal(false);
  });

  it('accepts a rotation: one of several signatures is enough', () => {
    const at = new Date();
    const headers = signed(OTHER, { at });
    headers['webhook-signature'] += ` ${signed(SECRET, { at })['webhook-signature']}`;
    expect(verifier(SECRET)(BODY, headers)).to.equal(true);
  });

  it('also checks every CROSS_CHECK_EVERY-th delivery with the library, which must agree', () => {
    const receiver = new WebhookReceiver();
    receiver.trust(SECRET);
    receiver.verify = () => true; // a verifier that accepts anything
    const forged = { ...signed(OTHER) };
    receiver.deliveries = 1;
    expect(receiver.verified(BODY, forged), 'the first delivery is cross-checked').to.equal(false);
    receiver.deliveries = 2;
    expect(receiver.verified(BODY, forged), 'the second is not').to.equal(true);
    receiver.deliveries = CROSS_CHECK_EVERY + 1;
    expect(receiver.verified(BODY, forged)).to.equal(false);
    expect(receiver.crossChecked).to.equal(2);
  });

  it('notes the first acknowledgement of each final event, and neither a retry nor an earlier status', async () => {
    const receiver = new WebhookReceiver();
    receiver.trust(SECRET);
    const url = await receiver.start();
    try {
      const deliver = (id, status) => {
        const body = `{"eventType":"WITHDRAWAL","status":"${status}","payload":{"previousStatus":"PENDING"}}`;
        return fetch(url, { method: 'POST', headers: signed(SECRET, { id, body }), body });
      };
      const before = Date.now();
      for (const [id, status] of [
        ['evt_1', 'PENDING'],
        ['evt_2', 'SUCCESS'],
        ['evt_2', 'SUCCESS'],
        ['evt_3', 'FAILED'],
      ])
        expect((await deliver(id, status)).status).to.equal(204);
      expect(receiver.eventIds.size).to.equal(3);
      expect(receiver.finalAt).to.have.length(2);
      expect(receiver.finalAt[0]).to.be.at.least(before);
    } finally {
      await receiver.stop();
    }
  });
});
