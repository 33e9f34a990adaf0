import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';

/** Every page of a list, following nextCursor from the first; fails on a repeated cursor. */
async function walk(api: ApiClient, path: string, token: string): Promise<ApiResponse[]> {
  const pages: ApiResponse[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const res = await api.request('GET', cursor ? `${path}${separator}cursor=${cursor}` : path, { token });
    expect(res.status, JSON.stringify(res.json)).to.equal(200);
    pages.push(res);
    cursor = res.json.nextCursor;
    expect(res.json.hasMore).to.equal(cursor !== null);
    if (cursor !== null) expect(seen.has(cursor), 'a cursor twice').to.equal(false);
    if (cursor !== null) seen.add(cursor);
  } while (cursor !== null);
  return pages;
}

const idsOf = (res: ApiResponse): string[] => res.json.data.map((row: { id: string }) => row.id);

/** Issue 32 item 1: cursor-paginated lists, each scoped to its caller's merchant. */
export function listSuite(api: () => ApiClient): void {
  describe('lists with cursor pagination', () => {
    it('walks 45 postings of a wallet 20 at a time, each with the exact balance after it', async () => {
      const merchant = await api().merchant();
      const entity = await api().entity(merchant, '0');
      for (let n = 1; n <= 45; n += 1) await api().credit(entity.walletId, '1.01');
      const path = `/v1/wallets/${entity.walletId}/ledger-entries?limit=20`;
      const pages = await walk(api(), path, entity.token);
      expect(pages.map((p) => p.json.data.length)).to.deep.equal([20, 20, 5]);
      const rows = pages.flatMap((p) => p.json.data);
      expect(new Set(rows.map((r: { id: string }) => r.id)).size).to.equal(45);
      expect(rows[0]).to.include({
        kind: 'WALLET_CREDIT',
        amount: '1.01',
        balanceAfter: '45.45',
        transactionId: null,
      });
      expect(rows.map((r: { balanceAfter: string }) => r.balanceAfter)).to.deep.equal(
        Array.from({ length: 45 }, (_, i) => (((45 - i) * 101) / 100).toFixed(2)),
      );
      expect(pages.at(-1)?.json).to.include({ hasMore: false, nextCursor: null });
      const wallet = await api().request('GET', `/v1/wallets/${entity.walletId.toUpperCase()}`, {
        token: merchant.token,
      });
      expect(wallet.json.data).to.include({
        id: entity.walletId,
        balance: '45.45',
        disabled: false,
        currency: 'USD',
      });
      expect(wallet.json.data).to.include({
        walletType: 'SPEND',
        ownerId: entity.id,
        merchantId: merchant.id,
      });
    });

    it('lists a merchant’s transactions, an entity its own, by filter, and nothing of another merchant’s', async () => {
      const first = await api().payer('bank');
      const merchant = first.merchant;
      const second = await api().payer('bank', '1000.00', merchant);
      const stranger = await api().payer('bank');
      const ids: string[] = [];
      for (const payer of [first, second, stranger]) {
        const res = await api().withdraw(payer.entity, payer.accountId, { amount: 5, walletType: 'SPEND' });
        expect(res.status, JSON.stringify(res.json)).to.equal(200);
        ids.push(res.json.data.id);
      }
      const list = (query: string, token = merchant.token) =>
        api().request('GET', `/v1/transactions${query}`, { token });
      const all = await list('');
      expect(all.json).to.include({ success: true, hasMore: false, nextCursor: null });
      expect(idsOf(all)).to.deep.equal([ids[1], ids[0]]);
      expect(all.json.data[0]).to.include({
        amount: '5.00',
        fees: '0.25',
        rail: 'ACH',
        entityId: second.entity.id,
      });
      const byEntity = await list(`?entityId=${first.entity.id.toUpperCase()}`);
      expect(idsOf(byEntity)).to.deep.equal([ids[0]]);
      expect(idsOf(await list('?rail=WIRE'))).to.deep.equal([]);
      expect(idsOf(await list('?status=AWAITING_APPROVAL'))).to.deep.equal([]);
      expect(
        idsOf(await list('?createdFrom=2000-01-01T00:00:00Z&createdTo=2999-01-01T00:00:00.000%2B01:00')),
      ).to.have.length(2);
      expect(idsOf(await list('?createdFrom=2999-01-01T00:00:00Z'))).to.deep.equal([]);
      const page1 = await list('?limit=1');
      expect(page1.json.hasMore).to.equal(true);
      expect(idsOf(await list(`?limit=1&cursor=${page1.json.nextCursor}`))).to.deep.equal([ids[0]]);
      expect(idsOf(await list('', first.entity.token))).to.deep.equal([ids[0]]);
      expect(idsOf(await list(`?entityId=${second.entity.id}`, first.entity.token))).to.deep.equal([]);
      // Another merchant's: nothing in its lists, a 404 for its single resources, its cursor marks no place.
      expect(idsOf(await list('', stranger.merchant.token))).to.deep.equal([ids[2]]);
      const theirs = await list(`?cursor=${page1.json.nextCursor}`, stranger.merchant.token);
      expect(idsOf(theirs)).to.deep.equal([]);
      for (const path of [
        `/v1/wallets/${first.entity.walletId}`,
        `/v1/wallets/${first.entity.walletId}/ledger-entries`,
      ]) {
        for (const token of [stranger.merchant.token, stranger.entity.token, second.entity.token]) {
          const res = await api().request('GET', path, { token });
          expect([res.status, res.json.code], path).to.deep.equal([404, 'NOT_FOUND']);
        }
      }
      const merchantWallet = await api().request('GET', `/v1/wallets/${merchant.walletId}`, {
        token: first.entity.token,
      });
      expect(merchantWallet.status).to.equal(404);
      const unauthenticated = await api().request('GET', '/v1/transactions');
      expect(unauthenticated.status).to.equal(401);
    });

    it('answers a bad limit, cursor, order, id or date with a 400 naming the parameter', async () => {
      const { token } = await api().merchant();
      const cases: Array<[string, string]> = [
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['limit=2.5', 'limit'],
        ['limit=1&limit=2', 'limit'],
        ['cursor=not-a-cursor', 'cursor'],
        ['order=up', 'order'],
        ['entityId=42', 'entityId'],
        ['status=DONE', 'status'],
        ['rail=CHEQUE', 'rail'],
        ['createdFrom=yesterday', 'createdFrom'],
        ['createdTo=2026-02-30T00:00:00Z', 'createdTo'],
        // RFC 3339 allows both; a JavaScript Date reads neither.
        ['createdFrom=2016-12-31T23:59:60Z', 'createdFrom'],
        ['createdTo=2024-01-01T00:00:00%2B01', 'createdTo'],
      ];
      for (const [query, field] of cases) {
        const res = await api().request('GET', `/v1/transactions?${query}`, { token });
        expect([res.status, res.json.code, res.json.field, res.json.success], query).to.deep.equal([
          400,
          'VALIDATION_ERROR',
          field,
          false,
        ]);
      }
      const limits = await api().request('GET', '/v1/transactions?limit=100&order=asc', { token });
      expect(limits.status).to.equal(200);
      // A parameter the list does not take is ignored, however it is repeated or nested.
      for (const query of ['merchantId=a&merchantId=b', 'merchantId[a]=b', 'sort=1&sort=2']) {
        const ignored = await api().request('GET', `/v1/transactions?${query}`, { token });
        expect([ignored.status, ignored.json.success], query).to.deep.equal([200, true]);
      }
      // Text PostgreSQL cannot store is refused in any parameter, as in any body.
      const operator = api().operatorToken();
      for (const path of [
        '/v1/operator/audit-log?actor=%00',
        '/v1/operator/audit-log?subjectId=a%00b',
        '/v1/transactions?note=%00',
      ]) {
        const refused = await api().request('GET', path, {
          token: path.includes('operator') ? operator : token,
        });
        expect([refused.status, refused.json.code], path).to.deep.equal([400, 'VALIDATION_ERROR']);
      }
    });

    it('replays a merchant’s webhook events oldest first with their bodies, and lists and redelivers its deliveries', async () => {
      const { merchant, entity, accountId } = await api().payer('bank');
      const stranger = await api().merchant();
      const created = await api().withdraw(entity, accountId, { amount: 7, walletType: 'SPEND' });
      expect(created.status, JSON.stringify(created.json)).to.equal(200);
      const id = created.json.data.id;
      const events = await api().request('GET', '/v1/events', { token: merchant.token });
      expect(events.status).to.equal(200);
      const first = events.json.data[0];
      expect(first).to.include({ transactionId: id, sequence: 1, status: 'PENDING' });
      expect(first.body).to.deep.include({ eventType: 'WITHDRAWAL', status: 'PENDING' });
      expect(first.body.payload).to.include({ transactionId: id, sequence: 1, amount: 7 });
      const sequences = events.json.data.map((e: { sequence: number }) => e.sequence);
      expect(sequences).to.deep.equal([...sequences].sort());
      expect((await api().request('GET', '/v1/events', { token: stranger.token })).json.data).to.deep.equal(
        [],
      );
      const deliveries = await api().request(
        'GET',
        `/v1/webhook-deliveries?transactionId=${id}&limit=1&order=asc`,
        {
          token: merchant.token,
        },
      );
      expect(deliveries.json.data[0]).to.include({ eventId: first.id, transactionId: id, sequence: 1 });
      const noEndpoint = await api().request('GET', '/v1/webhook-deliveries?deliveryState=DELIVERED', {
        token: merchant.token,
      });
      expect(noEndpoint.json.data).to.deep.equal([]);
      const theirs = await api().request('GET', `/v1/webhook-deliveries?transactionId=${id}`, {
        token: stranger.token,
      });
      expect(theirs.json.data).to.deep.equal([]);
      const path = `/v1/webhook-deliveries/${first.id}/redeliver`;
      const refused = await api().request('POST', path, { token: stranger.token });
      expect([refused.status, refused.json.code]).to.deep.equal([404, 'NOT_FOUND']);
      const redelivered = await api().request('POST', path, { token: merchant.token });
      expect([redelivered.status, redelivered.json.data]).to.deep.equal([
        200,
        { eventId: first.id, deliveryState: 'PENDING' },
      ]);
      const entityToken = await api().request('GET', '/v1/events', { token: entity.token });
      expect(entityToken.status).to.equal(401);
    });

    it('gives operators the approvals queue oldest first, merchants, entities and masked linked accounts', async () => {
      const merchant = await api().merchant({ approvalThreshold: '100.00' });
      const payers = [
        await api().payer('bank', '1000.00', merchant),
        await api().payer('card', '1000.00', merchant),
      ];
      const held: string[] = [];
      for (const { entity, accountId } of payers) {
        const res = await api().withdraw(entity, accountId, { amount: 150, walletType: 'SPEND' });
        expect(res.json.data?.status, JSON.stringify(res.json)).to.equal('AWAITING_APPROVAL');
        held.push(res.json.data.id);
      }
      const token = api().operatorToken();
      const queue = await api().request(
        'GET',
        `/v1/operator/withdrawals?status=AWAITING_APPROVAL&order=asc&merchantId=${merchant.id}`,
        { token },
      );
      expect(idsOf(queue)).to.deep.equal(held);
      expect(queue.json.data[0]).to.include({ merchantId: merchant.id, status: 'AWAITING_APPROVAL' });
      expect(Date.parse(queue.json.data[0].approvalExpiresAt)).to.be.greaterThan(Date.now());
      const one = await api().request('GET', `/v1/operator/merchants/${merchant.id}`, { token });
      expect(one.json.data).to.include({ id: merchant.id, approvalThreshold: '100.00' });
      const entities = await api().request('GET', `/v1/operator/merchants/${merchant.id}/entities`, {
        token,
      });
      expect(idsOf(entities)).to.deep.equal(payers.map((p) => p.entity.id).reverse());
      const entity = await api().request('GET', `/v1/operator/entities/${payers[0]?.entity.id}`, { token });
      expect(entity.json.data).to.deep.equal(entities.json.data.at(-1));
      const accounts = await api().request(
        'GET',
        `/v1/operator/entities/${payers[0]?.entity.id}/linked-accounts`,
        {
          token,
        },
      );
      expect(idsOf(accounts)).to.deep.equal([payers[0]?.accountId]);
      expect(accounts.json.data[0].lastFourDigits).to.match(/^\d{4}$/);
      const text = JSON.stringify(accounts.json);
      expect(text).not.to.match(/accountNumber|routingNumber|cardNumber|destination/);
      const merchants = await api().request('GET', '/v1/operator/merchants?limit=1', { token });
      expect(merchants.json.data).to.have.length(1);
      expect(merchants.json.hasMore).to.equal(true);
      const unknown = '3f1b2a6c-9d11-4b8e-9d0e-7b0c4a525f39';
      for (const path of [
        `/v1/operator/merchants/${unknown}`,
        `/v1/operator/merchants/${unknown}/entities`,
        `/v1/operator/entities/${unknown}`,
        `/v1/operator/entities/${unknown}/linked-accounts`,
      ]) {
        expect((await api().request('GET', path, { token })).status, path).to.equal(404);
      }
      const notOperator = await api().request('GET', '/v1/operator/withdrawals', { token: merchant.token });
      expect(notOperator.status).to.equal(401);
    });
  });
}
