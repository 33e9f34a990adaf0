import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { startupSummary } from './startup-summary.js';

describe('startupSummary', () => {
  it('names no rate limiter and no JWT default on a worker, which serves no HTTP', () => {
    const { fields, message } = startupSummary(configFor({ PROCESS_ROLE: 'worker' }), null);
    expect(fields).to.not.have.property('rateLimiter');
    expect(fields).to.not.have.property('url');
    expect(fields.ledgerVerification).to.equal('30 3 * * * UTC');
    expect(fields.archive).to.equal('45 4 * * * UTC to .data/archive');
    const off = startupSummary(configFor({ PROCESS_ROLE: 'worker', LEDGER_VERIFICATION_CRON: 'off' }), null);
    expect(off.fields.ledgerVerification).to.equal('off');
    expect(fields.developmentDefaults).to.deep.equal(['ENCRYPTION_KEY']);
    expect(message).to.equal(
      'service started; development defaults in use for ENCRYPTION_KEY (never use them in production)',
    );
  });

  it('names the API’s rate limiter and its JWT default, and warns when that secret guards a public address', () => {
    const api = startupSummary(
      configFor({ PROCESS_ROLE: 'api', REDIS_URL: 'redis://cache:6379' }),
      'http://x',
    );
    expect(api.fields).to.include({ rateLimiter: 'redis', url: 'http://x' });
    expect(api.fields, 'an API runs no jobs').to.not.have.property('ledgerVerification');
    expect(api.fields).to.not.have.property('archive');
    expect(api.fields.developmentDefaults).to.deep.equal(['JWT_SECRET', 'ENCRYPTION_KEY']);
    expect(api.message).to.not.include('listening on');
    const exposed = startupSummary(configFor({ HOST: '0.0.0.0' }), 'http://x');
    expect(exposed.message).to.include('listening on 0.0.0.0 while tokens are signed with the published');
  });
});
