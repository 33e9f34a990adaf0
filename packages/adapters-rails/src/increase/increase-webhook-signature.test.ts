import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { verifyIncreaseWebhookSignature } from './increase-webhook-signature.js';

/** The test vector of Increase's own SDKs (increase-python tests/api_resources/test_webhooks.py). */
const SECRET = 'whsec_zlFsbBZ8Xcodlpcu6NDTdSzZRLSdhkst';
const PAYLOAD = '{"id":"event_123abc","created_at":"2020-01-31T23:59:59Z"}';
const HEADER = 't=2022-01-31T23:59:59Z,v1=3f9c3dcc820ca3adfae8e196d05b09dfef63b91db5ce5ac1407090f2aa424a6f';
const NOW = new Date('2022-01-31T23:59:59Z');

const verify = (overrides: Partial<Parameters<typeof verifyIncreaseWebhookSignature>[0]> = {}) =>
  verifyIncreaseWebhookSignature({
    rawBody: PAYLOAD,
    signatureHeader: HEADER,
    secret: SECRET,
    now: NOW,
    ...overrides,
  });

describe('verifyIncreaseWebhookSignature', () => {
  it("accepts Increase's own test vector, as text and as bytes", () => {
    expect(verify()).to.deep.equal({ ok: true, value: undefined });
    expect(verify({ rawBody: Buffer.from(PAYLOAD) }).ok).to.equal(true);
  });

  it('refuses a changed body, a wrong secret and a changed time', () => {
    expect(verify({ rawBody: PAYLOAD.replace('abc', 'abd') })).to.deep.equal({
      ok: false,
      error: 'BAD_SIGNATURE',
    });
    expect(verify({ secret: 'whsec_other' })).to.deep.equal({ ok: false, error: 'BAD_SIGNATURE' });
    expect(verify({ signatureHeader: HEADER.replace('59:59Z', '59:58Z') })).to.deep.equal({
      ok: false,
      error: 'BAD_SIGNATURE',
    });
  });

  it('refuses a missing or malformed header', () => {
    expect(verify({ signatureHeader: undefined })).to.deep.equal({ ok: false, error: 'MISSING_SIGNATURE' });
    for (const header of ['garbage', 't=2022-01-31T23:59:59Z', 'v1=3f9c', 't=2022-01-31T23:59:59Z,v1=zz'])
      expect(verify({ signatureHeader: header }), header).to.deep.equal({
        ok: false,
        error: 'MALFORMED_SIGNATURE',
      });
  });

  it('passes when one of several v1 signatures matches (a secret being rotated)', () => {
    const other = createHmac('sha256', 'whsec_old').update(`2022-01-31T23:59:59Z.${PAYLOAD}`).digest('hex');
    expect(
      verify({ signatureHeader: `t=2022-01-31T23:59:59Z,v1=${other},${HEADER.split(',')[1]}` }).ok,
    ).to.equal(true);
  });

  it('refuses a signature older than the tolerance only when one is asked for', () => {
    const later = new Date(NOW.getTime() + 10 * 60_000);
    expect(verify({ now: later }).ok).to.equal(true);
    expect(verify({ now: later, toleranceMs: 5 * 60_000 })).to.deep.equal({
      ok: false,
      error: 'STALE_SIGNATURE',
    });
    expect(verify({ now: later, toleranceMs: 15 * 60_000 }).ok).to.equal(true);
  });
});
