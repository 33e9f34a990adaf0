import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { LocalJwks, type SigningKey, signingKey } from '../testing/local-jwks.server.js';
import { JwksUnavailableError } from './jwks-keys.js';
import { JwtTokenVerifier } from './jwt-token-verifier.js';

const MERCHANT = '00000000-0000-4000-8000-00000000000a';
const ISSUER = 'https://idp.example/';
const AUDIENCE = 'payout-api';

describe('JwtTokenVerifier on a JWKS URL that rotates its keys', () => {
  let jwks: LocalJwks;
  let now: number;
  let verifier: JwtTokenVerifier;
  let a: SigningKey;
  let b: SigningKey;
  const seconds = () => Math.floor(now / 1000);
  const tokenOf = (key: SigningKey, header: Record<string, unknown> = {}) =>
    new SignJWT({ scope: 'merchant.apis', merchant_id: MERCHANT })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, ...header })
      .setSubject(`merchant-${key.kid}`)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(seconds() + 3600)
      .sign(key.privateKey);
  const outcome = async (token: string) => {
    const result = await verifier.verify(token);
    return result.ok ? `ok:${result.value.subject}` : result.error.code;
  };
  const advance = (ms: number) => {
    now += ms;
  };

  before(async () => {
    jwks = await LocalJwks.start();
    [a, b] = await Promise.all([signingKey('key-a'), signingKey('key-b')]);
  });

  beforeEach(() => {
    now = Date.now();
    jwks.keys = [a.jwk];
    jwks.cacheControl = 'public, max-age=60';
    jwks.up = true;
    jwks.fetches = 0;
    verifier = new JwtTokenVerifier({
      jwksUrl: jwks.url,
      algorithms: ['RS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      now: () => now,
    });
  });

  after(async () => {
    await jwks.close();
  });

  it('verifies across a rotation: the new key once published, the removed key never again', async () => {
    const oldToken = await tokenOf(a);
    expect(await outcome(oldToken)).to.equal('ok:merchant-key-a');
    jwks.keys = [a.jwk, b.jwk];
    advance(31_000);
    const newToken = await tokenOf(b);
    expect(await outcome(newToken), 'an unknown kid reads the set again').to.equal('ok:merchant-key-b');
    expect(jwks.fetches).to.equal(2);
    jwks.keys = [b.jwk];
    advance(61_000);
    expect(await outcome(oldToken), 'verified before, but its key is gone').to.equal('UNAUTHORIZED');
    expect(await outcome(await tokenOf(a))).to.equal('UNAUTHORIZED');
    expect(await outcome(newToken)).to.equal('ok:merchant-key-b');
  });

  it('reads the set again for unknown kids at most once per cooldown, however many come', async () => {
    expect(await outcome(await tokenOf(a))).to.equal('ok:merchant-key-a');
    for (let i = 0; i < 20; i += 1)
      expect(await outcome(await tokenOf({ ...a, kid: `forged-${i}` }))).to.equal('UNAUTHORIZED');
    expect(jwks.fetches).to.equal(1);
  });

  it('keeps the set as long as the provider says, and no longer', async () => {
    jwks.cacheControl = 'public, max-age=300, stale-if-error=86400';
    expect(await outcome(await tokenOf(a))).to.equal('ok:merchant-key-a');
    advance(299_000);
    await outcome(await tokenOf(a));
    expect(jwks.fetches).to.equal(1);
    advance(2_000);
    await outcome(await tokenOf(a));
    expect(jwks.fetches).to.equal(2);
  });

  it('refuses algorithm confusion: alg none, HS256 keyed with the public key, a key embedded in the token', async () => {
    expect(await outcome(await tokenOf(b))).to.equal('UNAUTHORIZED');
    jwks.keys = [a.jwk, b.jwk];
    advance(31_000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const body = part({ sub: 'x', scope: 'operator', iss: ISSUER, aud: AUDIENCE, exp: seconds() + 60 });
    const none = `${part({ alg: 'none', kid: 'key-a' })}.${body}.`;
    expect(await outcome(none)).to.equal('UNAUTHORIZED');
    for (const secret of [JSON.stringify(a.jwk), a.jwk.n as string]) {
      const head = part({ alg: 'HS256', kid: 'key-a', typ: 'JWT' });
      const mac = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
      expect(await outcome(`${head}.${body}.${mac}`)).to.equal('UNAUTHORIZED');
    }
    const attacker = await signingKey('key-a');
    expect(await outcome(await tokenOf(attacker)), 'the right kid, another key').to.equal('UNAUTHORIZED');
    expect(await outcome(await tokenOf(attacker, { jwk: attacker.jwk }))).to.equal('UNAUTHORIZED');
  });

  it('throws, for a 503, while it has never had the set; verifies on the last set while the provider is down', async () => {
    jwks.up = false;
    let thrown: unknown = null;
    await verifier.verify(await tokenOf(a)).catch((error: unknown) => {
      thrown = error;
    });
    expect(thrown).to.be.instanceOf(JwksUnavailableError);
    jwks.up = true;
    advance(31_000);
    expect(await outcome(await tokenOf(a))).to.equal('ok:merchant-key-a');
    jwks.up = false;
    advance(3_600_000);
    expect(await outcome(await tokenOf(a)), 'the last set, stale but the best there is').to.equal(
      'ok:merchant-key-a',
    );
  });
});
