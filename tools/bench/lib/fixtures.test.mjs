import { expect } from 'chai';
import { EntityPool, REUSE_AFTER_MS } from './fixtures.mjs';

/** A pool on a clock the test moves, whose entities are numbered as they are made. */
function pool() {
  const clock = { now: 1_000_000 };
  const made = [];
  const entities = new EntityPool('http://unused', 'm1', {
    now: () => clock.now,
    create: async (_baseUrl, _merchantId, n) => {
      made.push(n);
      return { entityId: `e${n}`, usedAt: 0 };
    },
  });
  return { clock, made, entities };
}

const take = (entities, count) => Array.from({ length: count }, () => entities.take().entityId);

describe('bench entity pool', () => {
  it('makes only the entities missing, and never hands out one used in the last minute', async () => {
    const { clock, made, entities } = pool();
    expect(await entities.ensure(3)).to.equal(3);
    expect(take(entities, 3)).to.have.members(['e0', 'e1', 'e2']);
    clock.now += 10_000;
    expect(await entities.ensure(2), 'all three were used 10 s ago').to.equal(2);
    expect(take(entities, 2)).to.have.members(['e3', 'e4']);
    clock.now += REUSE_AFTER_MS - 10_000;
    expect(entities.available(), 'the first three, used a minute ago').to.equal(3);
    expect(await entities.ensure(4)).to.equal(1);
    expect(made).to.have.length(6);
  });

  it('hands out the least recently used first, the fresh ones before them', async () => {
    const { clock, entities } = pool();
    await entities.ensure(3);
    take(entities, 2);
    clock.now += REUSE_AFTER_MS;
    await entities.ensure(5);
    expect(take(entities, 6)).to.deep.equal(['e3', 'e4', 'e2', 'e0', 'e1', 'e3']);
  });
});
