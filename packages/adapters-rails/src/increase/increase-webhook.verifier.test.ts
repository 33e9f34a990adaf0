import { createHmac } from 'node:crypto';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { IncreaseWebhookVerifier } from './increase-webhook.verifier.js';

const SECRET = 'whsec_subscription';
const verifier = new IncreaseWebhookVerifier({
  secret: SECRET,
  clock: new ManualClock(),
  rails: ['ACH', 'RTP'],
});

function signed(body: string, secret = SECRET) {
  const t = '2026-01-15T12:00:00Z';
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return { rawBody: Buffer.from(body), headers: { 'increase-webhook-signature': `t=${t},v1=${v1}` } };
}

describe('IncreaseWebhookVerifier', () => {
  it("names the event's associated object (the transfer id) once the signature verifies", async () => {
    const body = JSON.stringify({
      id: 'event_1',
      category: 'ach_transfer.updated',
      associated_object_id: 'ach_transfer_9',
    });
    expect(await verifier.read(signed(body))).to.deep.equal({
      kind: 'VERIFIED',
      references: ['ach_transfer_9'],
    });
    expect(await verifier.read(signed('not json'))).to.deep.equal({ kind: 'VERIFIED', references: [] });
  });

  it('refuses a body signed with another secret, tampered with, or unsigned', async () => {
    const body = JSON.stringify({ associated_object_id: 'ach_transfer_9' });
    expect((await verifier.read(signed(body, 'whsec_other'))).kind).to.equal('REFUSED');
    const tampered = { ...signed(body), rawBody: Buffer.from(body.replace('9', '8')) };
    expect((await verifier.read(tampered)).kind).to.equal('REFUSED');
    const unsigned = await verifier.read({ rawBody: Buffer.from(body), headers: {} });
    expect(unsigned).to.deep.equal({
      kind: 'REFUSED',
      detail: 'Increase webhook signature: MISSING_SIGNATURE',
    });
  });

  describe('signed as Standard Webhooks, as Increase signs today', () => {
    const body = JSON.stringify({ id: 'event_2', associated_object_id: 'wire_transfer_4' });
    const standard = (secret: string, at = new Date(), raw = body) => {
      const signature = new Webhook(Buffer.from(secret), { format: 'raw' }).sign('msg_1', at, raw);
      const timestamp = String(Math.floor(at.getTime() / 1000));
      return {
        rawBody: Buffer.from(raw),
        headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': timestamp, 'webhook-signature': signature },
      };
    };

    it('names the transfer once the signature verifies with the subscription secret', async () => {
      expect(await verifier.read(standard(SECRET))).to.deep.equal({
        kind: 'VERIFIED',
        references: ['wire_transfer_4'],
      });
    });

    it('refuses another secret, a tampered body and a signature older than five minutes', async () => {
      expect((await verifier.read(standard('whsec_other'))).kind).to.equal('REFUSED');
      const tampered = { ...standard(SECRET), rawBody: Buffer.from(body.replace('4', '5')) };
      expect((await verifier.read(tampered)).kind).to.equal('REFUSED');
      const old = await verifier.read(standard(SECRET, new Date(Date.now() - 6 * 60_000)));
      expect(old.kind).to.equal('REFUSED');
      expect(old.kind === 'REFUSED' && old.detail).to.include('Standard Webhooks');
    });
  });
});
