import { expect } from 'chai';
import type { Principal } from '../../ports/token-verifier.port.js';
import { ListAuditLog } from './list-audit-log.use-case.js';
import { CreateMerchant, UpdateMerchant } from './merchant-operations.use-case.js';
import { OPERATOR, operatorDeps } from './operator-world.fixture.js';

const other: Principal = { ...OPERATOR, subject: 'op-other' };

async function world() {
  const deps = operatorDeps();
  const ids: string[] = [];
  for (const name of ['A', 'B', 'C']) {
    const created = await new CreateMerchant(deps).execute(name === 'B' ? other : OPERATOR, { name });
    if (!created.ok) throw new Error(created.error.message);
    ids.push(created.value.id);
    deps.clock.advance(1000);
  }
  await new UpdateMerchant(deps).execute(OPERATOR, ids[0] as string, { payoutsEnabled: false });
  return { deps, ids, list: new ListAuditLog(deps) };
}

describe('ListAuditLog', () => {
  it('pages newest first with a cursor until hasMore is false', async () => {
    const { ids, list } = await world();
    const first = await list.execute(OPERATOR, { limit: '3' });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.entries.map((e) => [e.action, e.subjectId])).to.deep.equal([
      ['MERCHANT_UPDATED', ids[0]],
      ['MERCHANT_CREATED', ids[2]],
      ['MERCHANT_CREATED', ids[1]],
    ]);
    expect(first.value.hasMore).to.equal(true);
    const second = await list.execute(OPERATOR, { limit: '3', cursor: first.value.nextCursor });
    expect(second.ok && second.value).to.deep.include({ hasMore: false, nextCursor: null });
    expect(second.ok && second.value.entries.map((e) => e.subjectId)).to.deep.equal([ids[0]]);
  });

  it('pages oldest first with order=asc, its cursor continuing in that order', async () => {
    const { ids, list } = await world();
    const first = await list.execute(OPERATOR, { limit: '2', order: 'asc' });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.entries.map((e) => e.subjectId)).to.deep.equal([ids[0], ids[1]]);
    const cursor = first.value.nextCursor;
    const second = await list.execute(OPERATOR, { limit: '2', order: 'asc', cursor });
    expect(second.ok && second.value.entries.map((e) => [e.action, e.subjectId])).to.deep.equal([
      ['MERCHANT_CREATED', ids[2]],
      ['MERCHANT_UPDATED', ids[0]],
    ]);
    expect(second.ok && second.value.hasMore).to.equal(false);
  });

  it('filters by action, subject and actor', async () => {
    const { ids, list } = await world();
    const subjects = async (input: Record<string, string>) => {
      const page = await list.execute(OPERATOR, input);
      return page.ok ? page.value.entries.map((e) => [e.action, e.subjectId]) : page.error.message;
    };
    expect(await subjects({ action: 'MERCHANT_UPDATED' })).to.deep.equal([['MERCHANT_UPDATED', ids[0]]]);
    expect(await subjects({ subjectId: ids[0] as string, action: 'MERCHANT_CREATED' })).to.deep.equal([
      ['MERCHANT_CREATED', ids[0]],
    ]);
    expect(await subjects({ actor: 'op-other' })).to.deep.equal([['MERCHANT_CREATED', ids[1]]]);
  });

  it('defaults to 20 a page and refuses a bad limit, cursor, action or order', async () => {
    const { list } = await world();
    const page = await list.execute(OPERATOR, {});
    expect(page.ok && page.value.entries).to.have.length(4);
    for (const [input, field] of [
      [{ limit: '0' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ action: 'MERCHANT_DELETED' }, 'action'],
      [{ actor: '' }, 'actor'],
      [{ order: 'bogus' }, 'order'],
    ] as const) {
      const refused = await list.execute(OPERATOR, input);
      expect(!refused.ok && refused.error.details?.field, JSON.stringify(input)).to.equal(field);
    }
    const merchant = await list.execute({ ...OPERATOR, scopes: new Set(['merchant.apis']) }, {});
    expect(!merchant.ok && merchant.error.code).to.equal('UNAUTHORIZED');
  });
});
