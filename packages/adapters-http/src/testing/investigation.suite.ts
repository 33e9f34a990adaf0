import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';

const UNKNOWN = '3f1b2a6c-9d11-4b8e-9d0e-7b0c4a525f39';

/** Every page of an operator list from the first, following nextCursor. */
async function walk(api: ApiClient, path: string, token: string): Promise<ApiResponse[]> {
  const pages: ApiResponse[] = [];
  let cursor: string | null = null;
  do {
    const res = await api.request('GET', cursor ? `${path}&cursor=${cursor}` : path, { token });
    expect(res.status, JSON.stringify(res.json)).to.equal(200);
    pages.push(res);
    cursor = res.json.nextCursor;
    expect(res.json.hasMore).to.equal(cursor !== null);
  } while (cursor !== null && pages.length < 10);
  return pages;
}

const eventIds = (pages: readonly ApiResponse[]): string[] =>
  pages.flatMap((p) => p.json.data.map((d: { eventId: string }) => d.eventId));

/** Issue 32 item 5: what the console investigates by — one withdrawal whole, deliveries across merchants. */
export function investigationSuite(api: () => ApiClient): void {
  describe('operator investigation reads', () => {
    it('shows one withdrawal with who approved it and why, its rail facts and its account masked', async () => {
      const merchant = await api().merchant({ approvalThreshold: '100.00' });
      const { entity, accountId } = await api().payer('bank', '1000.00', merchant);
      const held = await api().withdraw(entity, accountId, { amount: 150, walletType: 'SPEND' });
      const id = held.json.data.id;
      const token = api().operatorToken('ops-grace');
      const approved = await api().request('POST', `/v1/operator/withdrawals/${id}/approve`, {
        token,
        body: { reason: 'Called the customer' },
      });
      expect(approved.status, JSON.stringify(approved.json)).to.equal(200);
      const res = await api().request('GET', `/v1/operator/withdrawals/${id.toUpperCase()}`, { token });
      expect(res.status, JSON.stringify(res.json)).to.equal(200);
      const w = res.json.data;
      expect(w).to.include({ id, merchantId: merchant.id, entityId: entity.id, walletId: entity.walletId });
      expect(w).to.include({ amount: '150.00', rail: 'ACH', linkedAccountId: accountId });
      expect(w.approval).to.include({ decidedBy: 'ops-grace', decisionReason: 'Called the customer' });
      expect(Date.parse(w.approval.decidedAt)).to.be.at.least(Date.parse(w.createdAt));
      const decision = w.history.find((c: { decidedBy: string | null }) => c.decidedBy !== null);
      expect(decision).to.include({
        sequence: 2,
        previousStatus: 'AWAITING_APPROVAL',
        decidedBy: 'ops-grace',
      });
      expect(w.history[0]).to.include({ sequence: 1, status: 'AWAITING_APPROVAL', decidedBy: null });
      expect(w.railFacts).to.have.all.keys([
        'provider',
        'submitAttempts',
        'railReference',
        'failureCode',
        'submittedAt',
        'nextCheckAt',
      ]);
      expect(w.railFacts.submitAttempts).to.be.a('number');
      expect(w.railFacts.provider, 'the provider that took it at its debit').to.equal('simulated');
      expect(w.linkedAccount).to.include({ id: accountId, kind: 'bank' });
      expect(w.linkedAccount.lastFourDigits).to.match(/^\d{4}$/);
      expect(JSON.stringify(res.json)).not.to.match(/accountNumber|routingNumber|cardNumber|destination/);

      const plain = await api().payer('bank', '1000.00', merchant);
      const direct = await api().withdraw(plain.entity, plain.accountId, { amount: 5, walletType: 'SPEND' });
      const unheld = await api().request('GET', `/v1/operator/withdrawals/${direct.json.data.id}`, { token });
      expect(unheld.json.data.approval).to.equal(null);

      const missing = await api().request('GET', `/v1/operator/withdrawals/${UNKNOWN}`, { token });
      expect([missing.status, missing.json.code]).to.deep.equal([404, 'TRANSACTION_NOT_FOUND']);
      const notOperator = await api().request('GET', `/v1/operator/withdrawals/${id}`, {
        token: merchant.token,
      });
      expect(notOperator.status).to.equal(401);
    });

    it('walks 45 withdrawals’ deliveries of a merchant 20 at a time, filters them, and lists every merchant’s', async () => {
      const merchant = await api().merchant();
      for (let n = 0; n < 45; n += 1) {
        const { entity, accountId } = await api().payer('bank', '100.00', merchant);
        const res = await api().withdraw(entity, accountId, { amount: 1, walletType: 'SPEND' });
        expect(res.status, JSON.stringify(res.json)).to.equal(200);
      }
      const stranger = await api().payer('bank');
      const theirs = await api().withdraw(stranger.entity, stranger.accountId, {
        amount: 2,
        walletType: 'SPEND',
      });
      const token = api().operatorToken();
      const pages = await walk(
        api(),
        `/v1/operator/webhook-deliveries?merchantId=${merchant.id}&limit=20`,
        token,
      );
      const ids = eventIds(pages);
      expect(ids.length).to.be.at.least(45);
      expect(pages.map((p) => p.json.data.length)).to.deep.equal(
        pages.map((_, i) => Math.min(20, ids.length - 20 * i)),
      );
      expect(new Set(ids).size).to.equal(ids.length);
      // Read after the deliveries: a worker may add events meanwhile, never remove one.
      const events = await walk(api(), '/v1/events?order=desc&limit=100', merchant.token);
      const listed = new Set(ids);
      const merchantEvents = events.flatMap((p) => p.json.data.map((e: { id: string }) => e.id));
      expect(merchantEvents.filter((id: string) => listed.has(id))).to.deep.equal(ids);
      const first = pages[0]?.json.data[0];
      expect(first).to.have.all.keys([
        'eventId',
        'transactionId',
        'linkedAccountId',
        'sequence',
        'status',
        'deliveryState',
        'nextAttemptAt',
        'deliveredAt',
        'attempts',
      ]);

      // A worker may move a delivery on between two reads (a PENDING one delivered): the state filtered by is read
      // again until the filter finds deliveries in it.
      let state = first.deliveryState;
      let states: string[] = [];
      for (let read = 0; read < 5 && states.length === 0; read += 1) {
        if (read > 0) {
          const latest = await walk(
            api(),
            `/v1/operator/webhook-deliveries?merchantId=${merchant.id}`,
            token,
          );
          state = latest[0]?.json.data[0].deliveryState;
        }
        const byOutcome = await walk(
          api(),
          `/v1/operator/webhook-deliveries?merchantId=${merchant.id}&outcome=${state}&limit=100`,
          token,
        );
        states = byOutcome.flatMap((p) => p.json.data.map((d: { deliveryState: string }) => d.deliveryState));
      }
      expect(states.length, `deliveries ${state}`).to.be.greaterThan(0);
      expect(new Set(states)).to.deep.equal(new Set([state]));
      const other = state === 'DELIVERED' ? 'FAILED' : 'DELIVERED';
      const none = await api().request(
        'GET',
        `/v1/operator/webhook-deliveries?merchantId=${merchant.id}&outcome=${other}`,
        { token },
      );
      expect(none.json).to.deep.equal({ success: true, data: [], hasMore: false, nextCursor: null });

      // Without merchantId, any merchant's: another merchant's withdrawal is found by its id alone.
      const everyone = await api().request(
        'GET',
        `/v1/operator/webhook-deliveries?transactionId=${theirs.json.data.id}`,
        { token },
      );
      expect(everyone.json.data.map((d: { transactionId: string }) => d.transactionId)).to.include(
        theirs.json.data.id,
      );
      const newest = await api().request('GET', '/v1/operator/webhook-deliveries?limit=1', { token });
      expect([newest.json.data.length, newest.json.hasMore]).to.deep.equal([1, true]);
      const forTheirs = await api().request(
        'GET',
        `/v1/operator/webhook-deliveries?merchantId=${merchant.id}&transactionId=${theirs.json.data.id}`,
        { token },
      );
      expect(forTheirs.json.data).to.deep.equal([]);
      const bad = await api().request('GET', '/v1/operator/webhook-deliveries?outcome=LOST', { token });
      expect([bad.status, bad.json.code]).to.deep.equal([400, 'VALIDATION_ERROR']);
    });

    it('answers ?transactionId= with every event of the withdrawal in sequence order, as before', async () => {
      const { entity, accountId } = await api().payer('bank');
      const created = await api().withdraw(entity, accountId, { amount: 3, walletType: 'SPEND' });
      const id = created.json.data.id;
      const token = api().operatorToken();
      const res = await api().request('GET', `/v1/operator/webhook-deliveries?transactionId=${id}`, {
        token,
      });
      expect(res.status).to.equal(200);
      expect(res.json).to.include({ success: true, hasMore: false, nextCursor: null });
      const sequences = res.json.data.map((d: { sequence: number }) => d.sequence);
      expect(sequences[0]).to.equal(1);
      expect(sequences).to.deep.equal([...sequences].sort((a: number, b: number) => a - b));
      const odd = await api().request('GET', '/v1/operator/webhook-deliveries?transactionId=nope', { token });
      expect([odd.status, odd.json.data]).to.deep.equal([200, []]);
    });

    it('filters a wallet’s postings by withdrawal, each balance still counting every earlier posting', async () => {
      const { merchant, entity, accountId } = await api().payer('bank', '100.00');
      const created = await api().withdraw(entity, accountId, { amount: 10, walletType: 'SPEND' });
      const id = created.json.data.id;
      await api().credit(entity.walletId, '5.00');
      const path = `/v1/wallets/${entity.walletId}/ledger-entries?transactionId=${id}`;
      const res = await api().request('GET', path, { token: merchant.token });
      expect(res.status, JSON.stringify(res.json)).to.equal(200);
      expect(res.json.data).to.have.length(1);
      expect(res.json.data[0]).to.include({
        kind: 'WITHDRAWAL_DEBIT',
        transactionId: id,
        amount: `-${created.json.data.amount}`,
      });
      const after = (100 - Number(created.json.data.amount)).toFixed(2);
      expect(res.json.data[0].balanceAfter).to.equal(after);
      const stranger = await api().payer('bank');
      const theirs = await api().withdraw(stranger.entity, stranger.accountId, {
        amount: 1,
        walletType: 'SPEND',
      });
      const foreign = `/v1/wallets/${entity.walletId}/ledger-entries?transactionId=${theirs.json.data.id}`;
      expect((await api().request('GET', foreign, { token: merchant.token })).json.data).to.deep.equal([]);
      const theirWallet = `/v1/wallets/${stranger.entity.walletId}/ledger-entries?transactionId=${theirs.json.data.id}`;
      const hidden = await api().request('GET', theirWallet, { token: merchant.token });
      expect(hidden.status).to.equal(404);
      const bad = await api().request(
        'GET',
        `/v1/wallets/${entity.walletId}/ledger-entries?transactionId=x`,
        {
          token: merchant.token,
        },
      );
      expect(bad.status).to.equal(400);
    });
  });
}
