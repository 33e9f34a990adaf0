import { expect } from 'chai';
import { INCREASE_CARD_ENV as INCREASE_CARDS } from './config.fixture.js';
import { loadConfig } from './config.js';

const PRODUCTION = {
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://db.internal/payouts',
  JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
  ENCRYPTION_KEY: 'ab'.repeat(32),
};
const OTHERS_OFF =
  'ACH=disabled,RTP=disabled,WIRE=disabled,SWIFT=disabled,ZELLE=disabled,PAYPAL=disabled,VENMO=disabled';

const errorsOf = (env: Record<string, string>): string => {
  const result = loadConfig(env);
  return result.ok ? '' : result.errors.join('\n');
};

describe('loadConfig: PUSH_TO_CARD on a real provider', () => {
  it("starts production with Increase paying cards, on Increase's vault unless INCREASE_VAULT_URL says otherwise", () => {
    const result = loadConfig({
      ...PRODUCTION,
      ...INCREASE_CARDS,
      RAILS: `PUSH_TO_CARD=increase,${OTHERS_OFF}`,
    });
    if (!result.ok) throw new Error(result.errors.join('; '));
    expect(result.config.rails.providers.PUSH_TO_CARD).to.equal('increase');
    expect(result.config.rails.increase?.cardPush).to.deep.equal({
      vaultUrl: 'https://vault.increase.com',
      tokenizationKey: 'card_tokenization_key',
      cardSender: {
        name: 'Acme Payouts',
        namePrefix: 'ACME',
        categoryCode: '6012',
        addressLine1: '33 Liberty Street',
        city: 'New York',
        state: 'NY',
        postalCode: '10045',
      },
    });
    const local = loadConfig({
      ...INCREASE_CARDS,
      RAILS: 'PUSH_TO_CARD=increase',
      INCREASE_VAULT_URL: 'http://127.0.0.1:4010/',
    });
    expect(local.ok && local.config.rails.increase?.cardPush?.vaultUrl).to.equal('http://127.0.0.1:4010');
  });

  it('refuses production naming what Increase PUSH_TO_CARD lacks, the account its card validations leave from included', () => {
    const text = errorsOf({
      ...PRODUCTION,
      INCREASE_API_KEY: 'secret_key_sandbox',
      RAILS: `PUSH_TO_CARD=increase,${OTHERS_OFF}`,
    });
    expect(text).to.include(
      'PUSH_TO_CARD: increase needs INCREASE_ACCOUNT_ID, INCREASE_ACCOUNT_NUMBER_ID, INCREASE_CARD_TOKENIZATION_KEY, INCREASE_CARD_SENDER_NAME, INCREASE_CARD_SENDER_NAME_PREFIX, INCREASE_CARD_SENDER_CATEGORY_CODE, INCREASE_CARD_SENDER_ADDRESS_LINE1, INCREASE_CARD_SENDER_CITY, INCREASE_CARD_SENDER_STATE, INCREASE_CARD_SENDER_POSTAL_CODE',
    );
    expect(text).not.to.include('secret_key_sandbox');
  });

  it('has no Increase card configuration when another provider pays cards', () => {
    const result = loadConfig({
      ...INCREASE_CARDS,
      INCREASE_ACCOUNT_ID: 'account_1',
      MODERN_TREASURY_API_KEY: 'live-mt-key',
      MODERN_TREASURY_ORGANIZATION_ID: 'org-1',
      MODERN_TREASURY_ORIGINATING_ACCOUNT_ID: 'internal-account-1',
      RAILS: 'ACH=increase,PUSH_TO_CARD=modern_treasury',
    });
    if (!result.ok) throw new Error(result.errors.join('; '));
    expect(result.config.rails.providers.PUSH_TO_CARD).to.equal('modern_treasury');
    expect(result.config.rails.increase?.cardPush).to.equal(null);
  });

  it('refuses Modern Treasury PUSH_TO_CARD in production without its variables', () => {
    expect(errorsOf({ ...PRODUCTION, RAILS: `PUSH_TO_CARD=modern_treasury,${OTHERS_OFF}` })).to.include(
      'PUSH_TO_CARD: modern_treasury needs MODERN_TREASURY_API_KEY, MODERN_TREASURY_ORGANIZATION_ID, MODERN_TREASURY_ORIGINATING_ACCOUNT_ID',
    );
  });
});
