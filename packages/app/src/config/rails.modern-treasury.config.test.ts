import { expect } from 'chai';
import { loadConfig } from './config.js';

const PRODUCTION = {
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://db.internal/payouts',
  JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
  ENCRYPTION_KEY: 'ab'.repeat(32),
};
const MODERN_TREASURY = {
  MODERN_TREASURY_API_KEY: 'live-mt-key',
  MODERN_TREASURY_ORGANIZATION_ID: 'org-1',
  MODERN_TREASURY_ORIGINATING_ACCOUNT_ID: 'internal-account-1',
};
const LIVE_RAILS =
  'ACH=modern_treasury,RTP=modern_treasury,WIRE=modern_treasury,SWIFT=modern_treasury,PUSH_TO_CARD=disabled,ZELLE=disabled,PAYPAL=disabled,VENMO=disabled';

const errorsOf = (env: Record<string, string>): string => {
  const result = loadConfig(env);
  return result.ok ? '' : result.errors.join('\n');
};

describe('loadConfig: RAILS with modern_treasury', () => {
  it('starts production with Modern Treasury serving ACH, RTP, WIRE and SWIFT, on its default base URL', () => {
    const result = loadConfig({ ...PRODUCTION, ...MODERN_TREASURY, RAILS: LIVE_RAILS });
    if (!result.ok) throw new Error(result.errors.join('; '));
    expect(result.config.rails.providers).to.deep.include({
      ACH: 'modern_treasury',
      RTP: 'modern_treasury',
      WIRE: 'modern_treasury',
      SWIFT: 'modern_treasury',
    });
    expect(result.config.rails.modernTreasury).to.deep.equal({
      apiKey: 'live-mt-key',
      organizationId: 'org-1',
      baseUrl: 'https://app.moderntreasury.com',
      originatingAccountId: 'internal-account-1',
    });
    expect(result.config.rails.increase).to.equal(null);
  });

  it('has no Modern Treasury configuration when no rail uses it', () => {
    const result = loadConfig(MODERN_TREASURY);
    expect(result.ok && result.config.rails.modernTreasury).to.equal(null);
  });

  it('refuses production naming each Modern Treasury rail and the variables it lacks', () => {
    const text = errorsOf({
      ...PRODUCTION,
      MODERN_TREASURY_API_KEY: 'live-mt-key',
      RAILS: LIVE_RAILS,
    });
    for (const rail of ['ACH', 'RTP', 'WIRE', 'SWIFT'])
      expect(text).to.include(
        `${rail}: modern_treasury needs MODERN_TREASURY_ORGANIZATION_ID, MODERN_TREASURY_ORIGINATING_ACCOUNT_ID`,
      );
    expect(text).not.to.include('live-mt-key');
  });

  it('refuses modern_treasury on a rail it cannot serve', () => {
    expect(errorsOf({ ...MODERN_TREASURY, RAILS: 'PAYPAL=modern_treasury' })).to.include(
      'PAYPAL: modern_treasury cannot serve the PAYPAL rail',
    );
  });

  it('takes a sandbox base URL without its trailing slash, and refuses plain http to a remote host in production', () => {
    const sandbox = loadConfig({
      ...MODERN_TREASURY,
      RAILS: 'ACH=modern_treasury',
      MODERN_TREASURY_BASE_URL: 'https://app.moderntreasury.com/',
    });
    expect(sandbox.ok && sandbox.config.rails.modernTreasury?.baseUrl).to.equal(
      'https://app.moderntreasury.com',
    );
    const live = { ...PRODUCTION, ...MODERN_TREASURY, RAILS: LIVE_RAILS };
    expect(errorsOf({ ...live, MODERN_TREASURY_BASE_URL: 'http://app.moderntreasury.com' })).to.include(
      'MODERN_TREASURY_BASE_URL must be https in production',
    );
  });
});
