import { type AppConfig, loadConfig } from './config.js';

/** The configuration `env` gives, logging silenced; a test's bad variable fails the test at once. */
export function configFor(env: Record<string, string>): AppConfig {
  const result = loadConfig({ LOG_LEVEL: 'silent', ...env });
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.config;
}

/** Increase serving PUSH_TO_CARD: the API key, the source account number, the vault's key and the card sender. */
export const INCREASE_CARD_ENV = {
  INCREASE_API_KEY: 'secret_key_sandbox',
  INCREASE_ACCOUNT_ID: 'account_1',
  INCREASE_ACCOUNT_NUMBER_ID: 'account_number_1',
  INCREASE_CARD_TOKENIZATION_KEY: 'card_tokenization_key',
  INCREASE_CARD_SENDER_NAME: 'Acme Payouts',
  INCREASE_CARD_SENDER_NAME_PREFIX: 'ACME',
  INCREASE_CARD_SENDER_CATEGORY_CODE: '6012',
  INCREASE_CARD_SENDER_ADDRESS_LINE1: '33 Liberty Street',
  INCREASE_CARD_SENDER_CITY: 'New York',
  INCREASE_CARD_SENDER_STATE: 'NY',
  INCREASE_CARD_SENDER_POSTAL_CODE: '10045',
};

/** Production with every rail disabled: what these tests read does not depend on the rails. */
export const PRODUCTION_ENV = {
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://db/payouts',
  JWT_SECRET: 'x'.repeat(40),
  ENCRYPTION_KEY: 'ab'.repeat(32),
  RAILS:
    'ACH=disabled,RTP=disabled,WIRE=disabled,SWIFT=disabled,PUSH_TO_CARD=disabled,ZELLE=disabled,PAYPAL=disabled,VENMO=disabled',
};
