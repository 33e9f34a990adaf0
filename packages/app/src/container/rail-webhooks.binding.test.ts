import { generateKeyPairSync } from 'node:crypto';
import { InMemoryRailStepStore, ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { loadConfig } from '../config/config.js';
import { railsFor, railWebhookVerifiersFor } from './rails.binding.js';

const WISE_PUBLIC_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();
const PROVIDERS = {
  MODERN_TREASURY_API_KEY: 'mt-key',
  MODERN_TREASURY_ORGANIZATION_ID: 'org-1',
  MODERN_TREASURY_ORIGINATING_ACCOUNT_ID: 'internal-account-1',
  WISE_API_TOKEN: 'token',
  WISE_PROFILE_ID: '16313153',
  PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com',
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 's',
  RAILS: 'ACH=modern_treasury,RTP=modern_treasury,SWIFT=wise,PAYPAL=paypal,VENMO=paypal',
};
const WEBHOOKS = {
  MODERN_TREASURY_WEBHOOK_KEY: 'mt-webhook-key',
  // As a .env file often carries it: the line breaks written as \n.
  WISE_WEBHOOK_PUBLIC_KEY: WISE_PUBLIC_KEY.replaceAll('\n', '\\n'),
  PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
};
const MINUTE_MS = 60_000;

describe('provider webhooks as configured', () => {
  it("receives each provider's webhooks whose variable is set, for the rails it serves here", () => {
    const config = configFor({ APP_ENV: 'test', ...PROVIDERS, ...WEBHOOKS });
    const verifiers = railWebhookVerifiersFor(config, new ManualClock());
    expect(verifiers.map(({ provider, rails }) => [provider, rails])).to.deep.equal([
      ['modern_treasury', ['ACH', 'RTP']],
      ['wise', ['SWIFT']],
      ['paypal', ['PAYPAL', 'VENMO']],
    ]);
    expect(
      railWebhookVerifiersFor(configFor({ APP_ENV: 'test', ...PROVIDERS }), new ManualClock()),
    ).to.deep.equal([]);
  });

  it("slows its rails' polling to the safety net when a provider's webhooks are received", () => {
    const pollsOf = (env: Record<string, string>) => {
      const rails = railsFor(configFor({ APP_ENV: 'test', ...PROVIDERS, ...env }), {
        clock: new ManualClock(),
        steps: new InMemoryRailStepStore(),
      });
      return (['ACH', 'RTP', 'SWIFT', 'PAYPAL'] as const).map(
        (rail) => rails.get(rail).pollIntervalMs / MINUTE_MS,
      );
    };
    expect(pollsOf({})).to.deep.equal([30, 5_000 / MINUTE_MS, 10, 30_000 / MINUTE_MS]);
    expect(pollsOf(WEBHOOKS)).to.deep.equal([30, 15, 15, 15]);
  });

  it('refuses a Wise key that is not a PEM public key and a malformed PayPal webhook id, naming the variable', () => {
    const result = loadConfig({
      ...PROVIDERS,
      WISE_WEBHOOK_PUBLIC_KEY: 'not a key',
      PAYPAL_WEBHOOK_ID: 'WH-1 2',
    });
    const errors = result.ok ? '' : result.errors.join('\n');
    expect(errors).to.include('WISE_WEBHOOK_PUBLIC_KEY must be the PEM public key');
    expect(errors).to.include('PAYPAL_WEBHOOK_ID must be the webhook id PayPal gave');
  });
});
