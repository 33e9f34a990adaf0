import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { JwtTokenVerifier } from './jwt-token-verifier.js';

const SECRET = 'unit-test-secret-unit-test-secret-0123';
const MERCHANT = '00000000-0000-4000-8000-00000000000a';
const ENTITY = '00000000-0000-4000-8000-00000000000b';
const claims = {
  sub: 'user-1',
  merchant_id: MERCHANT,
  entity_id: ENTITY,
  scope: 'external.apis merchant.apis',
};
const hs = new JwtTokenVerifier({ secret: SECRET, algorithms: ['HS256'], issuer: 'iss', audience: 'aud' });
const sign = (payload: object, options: jwt.SignOptions = {}) =>
  jwt.sign(payload, SECRET, {
    algorithm: 'HS256',
    expiresIn: 60,
    issuer: 'iss',
    audience: 'aud',
    ...options,
  });
const code = async (verifier: JwtTokenVerifier, token: string) => {
  const result = await verifier.verify(token);
  return result.ok ? 'ok' : result.error.code;
};

describe('JwtTokenVerifier', () => {
  it('maps the claims to a principal', async () => {
    const result = await hs.verify(sign(claims));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).to.deep.include({ subject: 'user-1', merchantId: MERCHANT, entityId: ENTITY });
    expect([...result.value.scopes]).to.deep.equal(['external.apis', 'merchant.apis']);
  });

  it('refuses a missing exp, a future nbf, a wrong issuer or audience, and garbage', async () => {
    const noExp = jwt.sign(claims, SECRET, { algorithm: 'HS256', issuer: 'iss', audience: 'aud' });
    expect(await code(hs, noExp)).to.equal('UNAUTHORIZED');
    expect(await code(hs, sign(claims, { notBefore: 120 }))).to.equal('UNAUTHORIZED');
    expect(await code(hs, sign(claims, { issuer: 'other' }))).to.equal('UNAUTHORIZED');
    expect(await code(hs, sign(claims, { audience: 'other' }))).to.equal('UNAUTHORIZED');
    expect(await code(hs, sign({ ...claims, scope: undefined }))).to.equal('UNAUTHORIZED');
    expect(await code(hs, 'a.b.c')).to.equal('UNAUTHORIZED');
    expect(await code(hs, sign({ ...claims, entity_id: 'e-1' })), 'an id claim that is no UUID').to.equal(
      'UNAUTHORIZED',
    );
  });

  it('refuses an algorithm outside the pinned list even with the right key', async () => {
    expect(await code(hs, sign(claims, { algorithm: 'HS512' }))).to.equal('UNAUTHORIZED');
  });

  it('refuses an HS256 token signed with the RS256 public key (algorithm confusion)', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const rs = new JwtTokenVerifier({ publicKey: pem, algorithms: ['RS256'] });
    const good = jwt.sign(claims, privateKey, { algorithm: 'RS256', expiresIn: 60 });
    expect(await code(rs, good)).to.equal('ok');
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 })).toString(
      'base64url',
    );
    const { createHmac } = await import('node:crypto');
    const forged = createHmac('sha256', pem).update(`${header}.${body}`).digest('base64url');
    expect(await code(rs, `${header}.${body}.${forged}`)).to.equal('UNAUTHORIZED');
  });

  /** An RS256 key whose every use to verify is counted. */
  const countedKey = () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const counted = { uses: 0 };
    const source = {
      key: async () => {
        counted.uses += 1;
        return publicKey;
      },
      refresh: async () => undefined,
      generation: () => 0,
    };
    return { source, privateKey, counted };
  };

  it('checks a token once and serves it again until its exp, then refuses it', async () => {
    let now = Date.now();
    const { source, privateKey, counted } = countedKey();
    const verifier = new JwtTokenVerifier({ keys: source, algorithms: ['RS256'], now: () => now });
    const token = jwt.sign(claims, privateKey, { algorithm: 'RS256', expiresIn: 60 });
    expect(await code(verifier, token)).to.equal('ok');
    expect(await code(verifier, token)).to.equal('ok');
    expect(counted.uses, 'the second use is served from the verified tokens').to.equal(1);
    expect(await code(verifier, `${token}x`), 'another text is checked on its own').to.equal('UNAUTHORIZED');
    now += 61_000;
    expect(await code(verifier, token)).to.equal('UNAUTHORIZED');
  });

  it('with cacheSize 0 checks every use', async () => {
    const { source, privateKey, counted } = countedKey();
    const verifier = new JwtTokenVerifier({ keys: source, algorithms: ['RS256'], cacheSize: 0 });
    const token = jwt.sign(claims, privateKey, { algorithm: 'RS256', expiresIn: 60 });
    expect([await code(verifier, token), await code(verifier, token)]).to.deep.equal(['ok', 'ok']);
    expect(counted.uses).to.equal(2);
  });

  it('refuses alg none, and an ES256 token against an RSA key', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const rs = new JwtTokenVerifier({ publicKey: pem, algorithms: ['RS256', 'ES256'] });
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const body = part({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 });
    expect(await code(rs, `${part({ alg: 'none', typ: 'JWT' })}.${body}.`)).to.equal('UNAUTHORIZED');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const es = jwt.sign(claims, ec.privateKey, { algorithm: 'ES256', expiresIn: 60 });
    expect(await code(rs, es)).to.equal('UNAUTHORIZED');
  });

  it('will not be configured insecurely', () => {
    expect(() => new JwtTokenVerifier({ secret: SECRET, algorithms: ['RS256'] })).to.throw();
    expect(() => new JwtTokenVerifier({ publicKey: 'pem', algorithms: ['HS256'] })).to.throw();
    expect(() => new JwtTokenVerifier({ secret: SECRET, algorithms: ['none'] })).to.throw();
    expect(
      () => new JwtTokenVerifier({ secret: SECRET, publicKey: 'pem', algorithms: ['HS256'] }),
    ).to.throw();
    expect(
      () => new JwtTokenVerifier({ jwksUrl: 'https://idp.example/jwks', algorithms: ['HS256'] }),
    ).to.throw();
  });
});
