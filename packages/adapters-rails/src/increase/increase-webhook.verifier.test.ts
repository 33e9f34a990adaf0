import { createHmac } from 'node:crypto';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
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
});
