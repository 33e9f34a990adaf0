import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createLogger, defaultLogFormat, redactPath } from './logger.js';

function capture() {
  let text = '';
  const destination = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { destination, text: () => text };
}

describe('createLogger', () => {
  it('writes JSON lines with the level by name and an ISO time, credentials censored', () => {
    const out = capture();
    createLogger({ destination: out.destination }).warn({ accountNumber: '123456789012' }, 'careful');
    const line = JSON.parse(out.text().trim()) as Record<string, unknown>;
    expect(line.level).to.equal('warn');
    expect(line.time)
      .to.be.a('string')
      .and.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(line).to.include({ msg: 'careful', accountNumber: '[REDACTED]' });
  });

  it('censors secrets nested in what is logged, an error included', () => {
    const out = capture();
    const err = Object.assign(new Error('rail refused'), {
      body: { account: { routingNumber: '021000021' } },
    });
    createLogger({ destination: out.destination }).error(
      { err, headers: { authorization: 'Bearer x' } },
      'no',
    );
    const line = JSON.parse(out.text().trim()) as {
      err: { message: string; body: unknown };
      headers: unknown;
    };
    expect(line.err.message).to.equal('rail refused');
    expect(line.err.body).to.deep.equal({ account: { routingNumber: '[REDACTED]' } });
    expect(line.headers).to.deep.equal({ authorization: '[REDACTED]' });
  });

  it('writes readable lines in the pretty format, still censored', () => {
    const out = capture();
    createLogger({ destination: out.destination, format: 'pretty' }).info({ token: 'secret-token' }, 'hello');
    expect(out.text()).to.match(/INFO.*hello/);
    expect(out.text()).not.to.contain('secret-token');
    expect(() => JSON.parse(out.text())).to.throw();
  });

  it('is pretty by default only in development on a terminal', () => {
    expect(defaultLogFormat('development', true)).to.equal('pretty');
    expect(defaultLogFormat('development', false)).to.equal('json');
    expect(defaultLogFormat('production', true)).to.equal('json');
  });
});

describe('redactPath', () => {
  it('removes an application token however the path spells or encodes its segment', () => {
    const token = 'apptok_fh1BDzAMYl7ds0pFv0r0YrnSpwuJ1Vhd';
    for (const [path, logged] of [
      [
        `/v1/ext/application-token/${token}/linked-accounts`,
        '/v1/ext/application-token/[REDACTED]/linked-accounts',
      ],
      [`/v1/ext/Application-Token/${token}/x`, '/v1/ext/Application-Token/[REDACTED]/x'],
      [`/V1/EXT/APPLICATION%2DTOKEN/${token}`, '/V1/EXT/APPLICATION-TOKEN/[REDACTED]'],
      [`/v1/ext/application-token%2F${token}%2Fx?a=1`, '/v1/ext/application-token/[REDACTED]/x?a=1'],
      [`/v1/ext/%61pplication-token/${token}/%zz`, '/v1/ext/application-token/[REDACTED]/%zz'],
    ]) {
      expect(redactPath(path as string), path).to.equal(logged);
    }
  });

  it('removes a token, a webhook secret or a JWT pasted into any other segment or the query', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtIn0.c2lnbmF0dXJl';
    for (const [path, logged] of [
      ['/v1/transactions/apptok_fh1BDzAMYl7ds0pFv0r0YrnSpwuJ1Vhd', '/v1/transactions/[REDACTED]'],
      ['/v1/x/APPTOK_abc-_def/y', '/v1/x/[REDACTED]/y'],
      ['/v1/x/whsec_c2VjcmV0K3NsYXNoLw==', '/v1/x/[REDACTED]'],
      ['/v1/x/whsec_c2VjcmV0%2B%2F%3D', '/v1/x/[REDACTED]'],
      [`/v1/wallets/${jwt}?token=${jwt}`, '/v1/wallets/[REDACTED]?token=[REDACTED]'],
      [
        '/v1/transactions/8d0a1b6e-3f7c-4b8e-9a51-2f6d7c1e0b9a',
        '/v1/transactions/8d0a1b6e-3f7c-4b8e-9a51-2f6d7c1e0b9a',
      ],
    ]) {
      expect(redactPath(path as string), path).to.equal(logged);
    }
  });

  it('removes credential-named query values, and secrets however the query encodes them', () => {
    expect(redactPath('/v1/x?token=abc&limit=5&password=p%40ss')).to.equal(
      '/v1/x?token=[REDACTED]&limit=5&password=[REDACTED]',
    );
    expect(redactPath('/v1/x?s=whsec_CI01S/3s9phud/XEH%2BSBJWGgjWt3pUFD1xYFKBvO57g=')).to.equal(
      '/v1/x?s=[REDACTED]',
    );
  });

  it('removes card and account numbers written with spaces or dashes, and keeps every UUID whole', () => {
    expect(redactPath('/v1/x/4111-1111-1111-1111/y')).to.equal('/v1/x/[REDACTED]/y');
    expect(redactPath('/v1/x/4111%201111%201111%201111')).to.equal('/v1/x/[REDACTED]');
    expect(redactPath('/v1/x?account=000 123 456 789')).to.equal('/v1/x?account=[REDACTED]');
    const id = '01234567-8901-7234-8567-890123456789';
    expect(redactPath(`/v1/transactions/${id}?createdFrom=2026-11-29`)).to.equal(
      `/v1/transactions/${id}?createdFrom=2026-11-29`,
    );
  });

  it('removes long digit runs, account or card numbers, encoded or not', () => {
    expect(redactPath('/v1/x/4111111111111111?n=123456789012')).to.equal('/v1/x/[REDACTED]?n=[REDACTED]');
    expect(redactPath('/v1/x/%34111111111111111')).to.equal('/v1/x/[REDACTED]');
  });
});
