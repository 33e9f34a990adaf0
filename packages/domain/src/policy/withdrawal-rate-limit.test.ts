import { expect } from 'chai';
import { WITHDRAWAL_RATE_LIMIT, withdrawalRateKey } from './withdrawal-rate-limit.js';

const principal = (entityId: string | null, subject = 'user-1') => ({ entityId, subject });

describe('withdrawal rate limit', () => {
  it('is the spec’s: 1 request per minute, and the excess is told to retry after 60 seconds', () => {
    expect(WITHDRAWAL_RATE_LIMIT).to.deep.equal({
      windowSeconds: 60,
      defaultPerWindow: 1,
      message: 'Too many requests. Please retry after 60 seconds.',
    });
  });

  it('counts per (entity, client IP): the entity’s users together, each address apart', () => {
    const key = withdrawalRateKey(principal('e-1'), '10.0.0.1');
    expect(withdrawalRateKey(principal('e-1', 'user-2'), '10.0.0.1')).to.equal(key);
    expect(withdrawalRateKey(principal('e-1'), '10.0.0.2')).to.not.equal(key);
    expect(withdrawalRateKey(principal('e-2'), '10.0.0.1')).to.not.equal(key);
    expect(withdrawalRateKey(principal(null, 'user-1'), '10.0.0.1')).to.not.equal(
      withdrawalRateKey(principal(null, 'user-2'), '10.0.0.1'),
    );
  });
});
