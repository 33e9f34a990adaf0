import { HARNESS_JWT, LocalJwks, type SigningKey, signedBy, signingKey } from '@payout/adapters-http/testing';
import { expect } from 'chai';
import { type ApiServiceFixture, startApiService } from './api-service.fixture.js';

describe('the API on JWT_JWKS_URL', function () {
  this.timeout(30_000);
  let jwks: LocalJwks;
  let fixture: ApiServiceFixture;
  let published: SigningKey;

  before(async () => {
    jwks = await LocalJwks.start();
    published = await signingKey('published');
    jwks.keys = [published.jwk];
    fixture = await startApiService('jwks_wiring', { JWT_SECRET: '', JWT_JWKS_URL: jwks.url });
  });

  after(async () => {
    await fixture?.stop();
    await jwks?.close();
  });

  const lookup = async (token: string) => {
    const res = await fetch(`${fixture.service.url}/v1/transactions/7b0c4a52-5f39-4b8e-9d0e-3f1b2a6c9d11`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return res.status;
  };
  const claims = {
    sub: 'merchant-1',
    scope: 'merchant.apis',
    merchant_id: '00000000-0000-4000-8000-00000000000a',
  };

  it('takes a token of a key the provider publishes, and refuses one of any other key or the old secret', async () => {
    expect(await lookup(await signedBy(published, claims, HARNESS_JWT)), 'authenticated: not found').to.equal(
      404,
    );
    const unlisted = await signingKey('published');
    expect(await lookup(await signedBy(unlisted, claims, HARNESS_JWT))).to.equal(401);
    expect(await lookup(await signedBy(published, claims, { ...HARNESS_JWT, audience: 'other' }))).to.equal(
      401,
    );
    expect(await lookup(fixture.api.harness.mintToken(claims)), 'HS256 with the harness secret').to.equal(
      401,
    );
  });
});
