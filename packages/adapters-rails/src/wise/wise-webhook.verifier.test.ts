import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { signedTransferStateChange, signedWiseBody, WISE_PUBLIC_KEY_PEM } from './wise-webhook.fixture.js';
import { WiseWebhookVerifier } from './wise-webhook.verifier.js';

const verifier = new WiseWebhookVerifier({ publicKey: WISE_PUBLIC_KEY_PEM, rails: ['SWIFT'] });

describe('WiseWebhookVerifier', () => {
  it('names the transfer of a state change once X-Signature-SHA256 verifies with the public key', async () => {
    expect(await verifier.read(signedTransferStateChange(50_112_233))).to.deep.equal({
      kind: 'VERIFIED',
      references: ['50112233'],
    });
  });

  it('names the transfer of a payout failure (data.transfer_id), and nothing for a balance event', async () => {
    const failure = JSON.stringify({
      data: { transfer_id: 50_112_233, profile_id: 16_000_001, failure_reason_code: 'ACCOUNT_CLOSED' },
      event_type: 'transfers#payout-failure',
      schema_version: '2.0.0',
    });
    expect(await verifier.read(signedWiseBody(failure))).to.deep.equal({
      kind: 'VERIFIED',
      references: ['50112233'],
    });
    const balance = JSON.stringify({
      data: { resource: { type: 'balance-account', id: 2 } },
      event_type: 'balances#update',
    });
    expect(await verifier.read(signedWiseBody(balance))).to.deep.equal({ kind: 'VERIFIED', references: [] });
  });

  it('refuses a body signed with another key, tampered with, unsigned or not Base64', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const good = signedTransferStateChange(50_112_233);
    const refusals = [
      signedTransferStateChange(50_112_233, 'outgoing_payment_sent', other),
      { ...good, rawBody: Buffer.from(good.rawBody.toString().replace('50112233', '50112234')) },
      { ...good, headers: {} },
      { ...good, headers: { 'x-signature-sha256': 'not base64!' } },
    ];
    for (const request of refusals) expect((await verifier.read(request)).kind).to.equal('REFUSED');
  });

  it('will not start with a key that is not a PEM public key', () => {
    expect(() => new WiseWebhookVerifier({ publicKey: 'not a key', rails: ['SWIFT'] })).to.throw();
  });
});
