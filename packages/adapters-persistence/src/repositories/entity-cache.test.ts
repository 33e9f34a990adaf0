import type { Entity } from '@payout/domain';
import { expect } from 'chai';
import { EntityCache } from './entity-cache.js';

const entity = (id: string): Entity => ({
  id,
  merchantId: 'm',
  entityType: 'USER',
  email: `${id}@example.com`,
  externalIdentifier: null,
  walletId: `w-${id}`,
  createdAt: new Date(0),
});

describe('EntityCache', () => {
  it('gives back a remembered entity by its id in any case, and nothing for one never read', () => {
    const cache = new EntityCache();
    const known = cache.remember(entity('0193a000-0000-7000-8000-00000000000a'));
    expect(cache.get('0193A000-0000-7000-8000-00000000000A')).to.equal(known);
    expect(cache.get('0193a000-0000-7000-8000-00000000000b')).to.equal(undefined);
  });

  it('holds at most its capacity, dropping the entity remembered first', () => {
    const cache = new EntityCache(2);
    for (const id of ['a', 'b', 'c']) cache.remember(entity(id));
    expect(['a', 'b', 'c'].map((id) => cache.get(id)?.id)).to.deep.equal([undefined, 'b', 'c']);
  });
});
