import { expect } from 'chai';
import { PRODUCTION_ENV } from './config.fixture.js';
import { loadConfig } from './config.js';

const { JWT_SECRET: _secret, ...PRODUCTION_WITHOUT_KEY } = PRODUCTION_ENV;
const JWKS = 'https://idp.example.com/.well-known/jwks.json';

describe('JWT configuration', () => {
  it('verifies with a JWKS URL on RS256 unless told otherwise, with the issuer and audience production requires', () => {
    const loaded = loadConfig({
      ...PRODUCTION_WITHOUT_KEY,
      JWT_JWKS_URL: JWKS,
      JWT_ISSUER: 'https://idp.example.com/',
      JWT_AUDIENCE: 'payout-api',
    });
    if (!loaded.ok) throw new Error(loaded.errors.join('; '));
    expect(loaded.config.jwt).to.deep.equal({
      secret: null,
      publicKey: null,
      jwksUrl: JWKS,
      algorithms: ['RS256'],
      issuer: 'https://idp.example.com/',
      audience: 'payout-api',
    });
    const bare = loadConfig({ ...PRODUCTION_WITHOUT_KEY, JWT_JWKS_URL: JWKS });
    expect(!bare.ok && bare.errors).to.include.members([
      'JWT_ISSUER is required in production with JWT_JWKS_URL',
      'JWT_AUDIENCE is required in production with JWT_JWKS_URL',
    ]);
  });

  it('refuses a JWKS over http in production, HS algorithms with it, and a second key source beside it', () => {
    const base = { ...PRODUCTION_WITHOUT_KEY, JWT_ISSUER: 'i', JWT_AUDIENCE: 'a' };
    const http = loadConfig({ ...base, JWT_JWKS_URL: 'http://idp.example.com/jwks' });
    expect(!http.ok && http.errors.join()).to.include('JWT_JWKS_URL must be an https URL');
    const hs = loadConfig({ ...base, JWT_JWKS_URL: JWKS, JWT_ALGORITHMS: 'RS256,HS256' });
    expect(!hs.ok && hs.errors.join()).to.include('algorithm confusion');
    const both = loadConfig({ ...base, JWT_JWKS_URL: JWKS, JWT_SECRET: 'y'.repeat(40) });
    expect(!both.ok && both.errors.join()).to.include('JWT_JWKS_URL must not be set with JWT_SECRET');
    const development = loadConfig({ JWT_JWKS_URL: 'http://127.0.0.1:8080/jwks' });
    expect(development.ok && development.config.jwt.jwksUrl).to.equal('http://127.0.0.1:8080/jwks');
    expect(development.ok && development.config.developmentDefaults).to.not.include('JWT_SECRET');
  });

  it('keeps a public key set beside a secret winning, as it always has', () => {
    const loaded = loadConfig({ JWT_SECRET: 'z'.repeat(40), JWT_PUBLIC_KEY: 'pem' });
    expect(loaded.ok && loaded.config.jwt).to.deep.include({
      secret: null,
      publicKey: 'pem',
      algorithms: ['RS256'],
    });
  });
});
