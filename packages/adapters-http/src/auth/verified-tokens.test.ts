import type { Principal } from '@payout/domain';
import { expect } from 'chai';
import { VerifiedTokens } from './verified-tokens.js';

const principal = (subject: string): Principal => ({
  subject,
  merchantId: null,
  entityId: null,
  scopes: new Set(['merchant.apis']),
});

describe('VerifiedTokens', () => {
  it('serves a token until its expiry, and not from then on', () => {
    let now = 1_000;
    const tokens = new VerifiedTokens(10, () => now);
    tokens.remember('t', principal('a'), 2_000);
    expect(tokens.get('t')?.subject).to.equal('a');
    now = 1_999;
    expect(tokens.get('t')?.subject).to.equal('a');
    now = 2_000;
    expect(tokens.get('t')).to.equal(null);
    now = 1_500;
    expect(tokens.get('t'), 'an expired entry is gone, not hidden').to.equal(null);
  });

  it('keeps at most `capacity` tokens, dropping the one remembered longest ago', () => {
    const tokens = new VerifiedTokens(2, () => 0);
    tokens.remember('a', principal('a'), 10);
    tokens.remember('b', principal('b'), 10);
    tokens.remember('a', principal('a'), 10);
    tokens.remember('c', principal('c'), 10);
    expect(tokens.get('b'), 'b was the oldest once a was remembered again').to.equal(null);
    expect(tokens.get('a')?.subject).to.equal('a');
    expect(tokens.get('c')?.subject).to.equal('c');
  });

  it('with capacity 0 remembers nothing', () => {
    const tokens = new VerifiedTokens(0, () => 0);
    tokens.remember('a', principal('a'), 10);
    expect(tokens.get('a')).to.equal(null);
  });
});
