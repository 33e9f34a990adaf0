import { expect } from 'chai';
import { CENSORED, redactSecrets } from './redact-secrets.js';

describe('redactSecrets', () => {
  it('censors secret keys at any depth a provider body may nest them, in objects and arrays', () => {
    const logged = {
      rail: 'ACH',
      request: { headers: { authorization: 'Bearer abc', accept: 'json' } },
      details: { body: { errors: [{ field: 'x', accountNumber: '123456789012' }] } },
      token: 'tok',
    };
    expect(redactSecrets(logged)).to.deep.equal({
      rail: 'ACH',
      request: { headers: { authorization: CENSORED, accept: 'json' } },
      details: { body: { errors: [{ field: 'x', accountNumber: CENSORED }] } },
      token: CENSORED,
    });
    expect(logged.details.body.errors[0]?.accountNumber, 'the caller’s object is left alone').to.equal(
      '123456789012',
    );
  });

  it('hands back the very object when it holds no secret', () => {
    const line = { requestId: 'r', method: 'GET', path: '/v1/x', status: 200, nested: { a: [1, { b: 2 }] } };
    expect(redactSecrets(line)).to.equal(line);
  });

  it('keeps an error an error, with its message and stack, when it carries a secret', () => {
    const error = Object.assign(new Error('refused'), { response: { cardNumber: '4111111111111111' } });
    const redacted = redactSecrets({ err: error }).err;
    expect(redacted).to.be.instanceOf(Error);
    expect([redacted.message, redacted.stack]).to.deep.equal([error.message, error.stack]);
    expect(redacted.response.cardNumber).to.equal(CENSORED);
  });
});
