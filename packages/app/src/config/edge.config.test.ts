import { expect } from 'chai';
import { PRODUCTION_ENV } from './config.fixture.js';
import { loadConfig } from './config.js';

describe('edge configuration', () => {
  it('keeps outbound requests public in production only, with the allow-listed networks beside', () => {
    const production = loadConfig({
      ...PRODUCTION_ENV,
      OUTBOUND_ALLOWED_CIDRS: ' 10.20.0.0/16, fd00:1::/64 ',
    });
    if (!production.ok) throw new Error(production.errors.join('; '));
    expect(production.config.outbound).to.deep.equal({
      publicOnly: true,
      allowedCidrs: ['10.20.0.0/16', 'fd00:1::/64'],
    });
    const development = loadConfig({});
    expect(development.ok && development.config.outbound).to.deep.equal({
      publicOnly: false,
      allowedCidrs: [],
    });
    const bad = loadConfig({ OUTBOUND_ALLOWED_CIDRS: '10.0.0.0/8,10.0.0.1' });
    expect(!bad.ok && bad.errors.join()).to.include('OUTBOUND_ALLOWED_CIDRS: "10.0.0.1" is not a CIDR');
  });

  it('gives headers and bodies seconds, caps connections per client unless behind a proxy', () => {
    const byDefault = loadConfig({});
    expect(byDefault.ok && byDefault.config.http).to.deep.equal({
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 10_000,
      connectionsPerClient: 128,
    });
    const proxied = loadConfig({ TRUST_PROXY: '1' });
    expect(proxied.ok && proxied.config.http.connectionsPerClient).to.equal(0);
    const set = loadConfig({
      TRUST_PROXY: 'true',
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_BODY_TIMEOUT_MS: '20000',
      HTTP_CONNECTIONS_PER_CLIENT: '32',
    });
    expect(set.ok && set.config.http).to.deep.equal({
      headersTimeoutMs: 5000,
      bodyTimeoutMs: 20000,
      connectionsPerClient: 32,
    });
    const bad = loadConfig({ HTTP_BODY_TIMEOUT_MS: '0', HTTP_HEADERS_TIMEOUT_MS: 'soon' });
    expect(!bad.ok && bad.errors.join())
      .to.include('HTTP_BODY_TIMEOUT_MS')
      .and.include('HTTP_HEADERS_TIMEOUT_MS');
  });
});
