import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { loadConfig } from './config.js';

const PRODUCTION = {
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://db.internal/payouts',
  JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
  ENCRYPTION_KEY: 'ab'.repeat(32),
};
const INCREASE = {
  INCREASE_API_KEY: 'secret_key_live',
  INCREASE_ACCOUNT_ID: 'account_1',
  INCREASE_ACCOUNT_NUMBER_ID: 'account_number_1',
};
const PAYPAL = {
  PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com/',
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
};
const LIVE_RAILS =
  'ACH=increase,RTP=increase,WIRE=increase,PAYPAL=paypal,VENMO=paypal,SWIFT=disabled,PUSH_TO_CARD=disabled,ZELLE=disabled';

const errorsOf = (env: Record<string, string>): string => {
  const result = loadConfig(env);
  return result.ok ? '' : result.errors.join('\n');
};

describe('loadConfig: RAILS', () => {
  it('simulates every rail by default, and sends PAYPAL and VENMO to PayPal when only its variables are set', () => {
    const plain = loadConfig({});
    expect(plain.ok && Object.values(plain.config.rails.providers)).to.deep.equal(Array(8).fill('simulated'));
    const paypal = loadConfig(PAYPAL);
    if (!paypal.ok) throw new Error(paypal.errors.join());
    expect(paypal.config.rails.providers).to.deep.include({
      PAYPAL: 'paypal',
      VENMO: 'paypal',
      ACH: 'simulated',
    });
    expect(paypal.config.rails.paypal).to.deep.equal({
      baseUrl: 'https://api-m.sandbox.paypal.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(errorsOf({ PAYPAL_CLIENT_ID: 'id' })).to.include('must be set together');
  });

  it('starts production when every enabled rail has a real adapter and its credentials', () => {
    const result = loadConfig({ ...PRODUCTION, ...INCREASE, ...PAYPAL, RAILS: LIVE_RAILS });
    if (!result.ok) throw new Error(result.errors.join('; '));
    expect(result.config.rails.providers).to.deep.equal({
      ACH: 'increase',
      RTP: 'increase',
      WIRE: 'increase',
      SWIFT: 'disabled',
      PUSH_TO_CARD: 'disabled',
      ZELLE: 'disabled',
      PAYPAL: 'paypal',
      VENMO: 'paypal',
    });
    expect(result.config.rails.increase).to.deep.include({
      baseUrl: 'https://api.increase.com',
      accountId: 'account_1',
      webhookSecret: null,
    });
  });

  it('refuses production naming each rail and what it lacks, all in one answer', () => {
    const text = errorsOf({ ...PRODUCTION, RAILS: 'ACH=increase,RTP=increase,PAYPAL=paypal,VENMO=disabled' });
    expect(text).to.include('ACH: increase needs INCREASE_API_KEY, INCREASE_ACCOUNT_ID');
    expect(text).to.include(
      'RTP: increase needs INCREASE_API_KEY, INCREASE_ACCOUNT_ID, INCREASE_ACCOUNT_NUMBER_ID',
    );
    expect(text).to.include('PAYPAL: paypal needs PAYPAL_BASE_URL, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET');
    for (const rail of ['WIRE', 'SWIFT', 'PUSH_TO_CARD', 'ZELLE'])
      expect(text).to.include(`${rail}: simulated, which production refuses`);
    expect(text).not.to.include('VENMO');
  });

  it('refuses a provider that cannot serve its rail, naming both, in every environment', () => {
    const text = errorsOf({ ...INCREASE, ...PAYPAL, RAILS: 'SWIFT=increase,ACH=paypal' });
    expect(text).to.include('SWIFT: increase cannot serve the SWIFT rail');
    expect(text).to.include('ACH: paypal cannot serve the ACH rail');
  });

  it('refuses a malformed RAILS, a rail named twice, and a bad or (in production) plain-http base URL', () => {
    expect(errorsOf({ RAILS: 'ACH=stripe' })).to.include('bad part "ACH=stripe"');
    expect(errorsOf({ RAILS: 'CHEQUE=simulated' })).to.include('bad part "CHEQUE=simulated"');
    expect(errorsOf({ RAILS: 'ACH=disabled,ACH=simulated' })).to.include('RAILS names ACH twice');
    const increase = { ...INCREASE, RAILS: 'ACH=increase' };
    expect(errorsOf({ ...increase, INCREASE_BASE_URL: 'api.increase.com' })).to.include('INCREASE_BASE_URL');
    const withCredentials = errorsOf({
      ...increase,
      INCREASE_BASE_URL: 'https://user:Pa55word@api.increase.com',
    });
    expect(withCredentials).to.include('INCREASE_BASE_URL must not carry credentials');
    expect(withCredentials).to.not.include('Pa55word');
    const live = { ...PRODUCTION, ...INCREASE, ...PAYPAL, RAILS: LIVE_RAILS };
    expect(errorsOf({ ...live, INCREASE_BASE_URL: 'http://api.increase.com' })).to.include(
      'INCREASE_BASE_URL must be https in production',
    );
    expect(errorsOf({ ...live, INCREASE_BASE_URL: 'http://127.0.0.1:4010' }), 'a local fake').to.equal('');
  });
});

const SCA_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const WISE = {
  WISE_API_TOKEN: 'wise-live-token',
  WISE_PROFILE_ID: '16313153',
  WISE_SCA_PRIVATE_KEY: SCA_KEY,
};

describe('loadConfig: RAILS with Wise', () => {
  it('serves SWIFT with Wise in production, on api.wise.com unless WISE_BASE_URL names the sandbox', () => {
    const rails = LIVE_RAILS.replace('SWIFT=disabled', 'SWIFT=wise');
    const live = loadConfig({ ...PRODUCTION, ...INCREASE, ...PAYPAL, ...WISE, RAILS: rails });
    if (!live.ok) throw new Error(live.errors.join('; '));
    expect(live.config.rails.providers.SWIFT).to.equal('wise');
    expect(live.config.rails.wise).to.deep.equal({
      apiToken: 'wise-live-token',
      profileId: '16313153',
      baseUrl: 'https://api.wise.com',
      scaPrivateKey: SCA_KEY.trim(),
      transferDetails: {},
    });
    const sandbox = loadConfig({
      ...WISE,
      RAILS: 'SWIFT=wise',
      WISE_BASE_URL: 'https://api.wise-sandbox.com/',
    });
    expect(sandbox.ok && sandbox.config.rails.wise?.baseUrl).to.equal('https://api.wise-sandbox.com');
    expect(loadConfig(WISE).ok && loadConfig(WISE)).to.have.nested.property('config.rails.wise', null);
  });

  it('refuses Wise without its token or profile, naming what is missing, and on any rail but SWIFT', () => {
    const rails = LIVE_RAILS.replace('SWIFT=disabled', 'SWIFT=wise');
    const live = { ...PRODUCTION, ...INCREASE, ...PAYPAL, RAILS: rails };
    expect(errorsOf(live)).to.include('SWIFT: wise needs WISE_API_TOKEN, WISE_PROFILE_ID');
    expect(errorsOf({ ...live, WISE_API_TOKEN: 't' })).to.include('SWIFT: wise needs WISE_PROFILE_ID');
    expect(errorsOf({ ...live, ...WISE, WISE_PROFILE_ID: 'business' })).to.include(
      'WISE_PROFILE_ID must be the numeric id',
    );
    expect(errorsOf({ ...live, ...WISE, WISE_BASE_URL: 'http://api.wise.com' })).to.include(
      'WISE_BASE_URL must be https in production',
    );
    expect(errorsOf({ ...WISE, RAILS: 'ACH=wise' })).to.include('ACH: wise cannot serve the ACH rail');
  });

  it('refuses Wise in production without the SCA signing key, naming WISE_SCA_PRIVATE_KEY, and a key that is none', () => {
    const rails = LIVE_RAILS.replace('SWIFT=disabled', 'SWIFT=wise');
    const { WISE_SCA_PRIVATE_KEY: _, ...unsigned } = WISE;
    const live = { ...PRODUCTION, ...INCREASE, ...PAYPAL, ...unsigned, RAILS: rails };
    expect(errorsOf(live)).to.include('WISE_SCA_PRIVATE_KEY must be set in production');
    expect(errorsOf({ ...unsigned, RAILS: 'SWIFT=wise' }), 'a sandbox signs nothing by default').to.equal('');
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    for (const key of ['not a key', weak.toString()])
      expect(errorsOf({ ...live, WISE_SCA_PRIVATE_KEY: key })).to.include(
        'WISE_SCA_PRIVATE_KEY must be a PEM RSA private key of at least 2048 bits',
      );
  });

  it("reads a key written on one line, and the values of Wise's transfer requirements", () => {
    const config = loadConfig({
      ...WISE,
      RAILS: 'SWIFT=wise',
      WISE_SCA_PRIVATE_KEY: SCA_KEY.trim().replaceAll('\n', '\\n'),
      WISE_SOURCE_OF_FUNDS: 'verification.source.of.funds.other',
      WISE_TRANSFER_PURPOSE: 'verification.transfers.purpose.pay.bills',
      WISE_TRANSFER_PURPOSE_SUB: 'SOFTWARE_DEVELOPMENT_SERVICE',
    });
    if (!config.ok) throw new Error(config.errors.join('; '));
    expect(config.config.rails.wise).to.deep.include({
      scaPrivateKey: SCA_KEY.trim(),
      transferDetails: {
        sourceOfFunds: 'verification.source.of.funds.other',
        transferPurpose: 'verification.transfers.purpose.pay.bills',
        transferPurposeSubTransferPurpose: 'SOFTWARE_DEVELOPMENT_SERVICE',
      },
    });
  });

  it('sets how long PayPal payouts are watched for a return from PAYPAL_RETURN_WINDOW_DAYS', () => {
    const week = loadConfig({ ...PAYPAL, PAYPAL_RETURN_WINDOW_DAYS: '7' });
    expect(week.ok && week.config.rails.paypal?.returnWindowMs).to.equal(7 * 24 * 3_600_000);
    expect(errorsOf({ ...PAYPAL, PAYPAL_RETURN_WINDOW_DAYS: '2.5' })).to.include('PAYPAL_RETURN_WINDOW_DAYS');
  });
});
