import { expect } from 'chai';
import type { ApiClient } from './api-client.js';
import { spend } from './withdrawal.suite.js';

/** The operator API's records (issue 32): decisions, the audit log, fee overrides, payment-link tokens. */
export function operatorSuite(api: () => ApiClient): void {
  describe('operator API records', () => {
    let sequence = 0;
    /** An operator of its own per test, so its audit entries are the only ones its `actor` filter finds. */
    const freshOperator = () => {
      sequence += 1;
      const sub = `suite-auditor-${process.pid}-${Date.now()}-${sequence}`;
      return { sub, token: api().operatorToken(sub) };
    };

    it('a rejection keeps its reason in the lookup history, and the audit log names who rejected', async () => {
      const merchant = await api().merchant({ approvalThreshold: '50.00' });
      const { entity, accountId } = await api().payer('bank', '100.00', merchant);
      const held = await api().withdraw(entity, accountId, spend(60));
      expect(held.json.data.status).to.equal('AWAITING_APPROVAL');
      const id = held.json.data.id;
      const approver = api().operatorToken('suite-approver');
      const rejected = await api().request('POST', `/v1/operator/withdrawals/${id}/reject`, {
        token: approver,
        body: { reason: 'payee asked to stop' },
      });
      expect(rejected.status).to.equal(200);
      const lookup = await api().request('GET', `/v1/transactions/${id}`, { token: entity.token });
      expect(
        lookup.json.data.history.map((h: { decisionReason: unknown }) => h.decisionReason),
      ).to.deep.equal([null, 'payee asked to stop']);
      const log = await api().request('GET', `/v1/operator/audit-log?subjectId=${id}`, { token: approver });
      expect(log.status).to.equal(200);
      expect(log.json).to.deep.include({ success: true, hasMore: false, nextCursor: null });
      expect(log.json.data).to.have.length(1);
      expect(log.json.data[0]).to.deep.include({
        actor: 'suite-approver',
        action: 'WITHDRAWAL_REJECTED',
        subjectType: 'WITHDRAWAL',
        subjectId: id,
        changes: { status: 'FAILED', reason: 'payee asked to stop' },
      });
    });

    it('failing by hand is refused for a payout its rail accepted, or one that does not exist, and changes nothing', async () => {
      const { entity, accountId } = await api().payer('bank', '100.00');
      const paid = await api().withdraw(entity, accountId, spend(10));
      const id = paid.json.data.id;
      const fail = (target: string, body: unknown = {}) =>
        api().request('POST', `/v1/operator/withdrawals/${target}/fail`, {
          token: api().operatorToken(),
          body,
        });
      const accepted = await fail(id, { reason: 'provider shows nothing' });
      expect([accepted.status, accepted.json.code]).to.deep.equal([409, 'ILLEGAL_TRANSITION']);
      const unknown = await fail('00000000-0000-4000-8000-00000000fa11');
      expect([unknown.status, unknown.json.code]).to.deep.equal([404, 'TRANSACTION_NOT_FOUND']);
      expect((await fail(id, { reason: 'x'.repeat(256) })).status).to.equal(400);
      const notBoolean = await fail(id, { force: 'yes' });
      expect([notBoolean.status, notBoolean.json.message]).to.deep.equal([
        400,
        'force must be true or false',
      ]);
      const forced = await fail(id, { force: true });
      expect([forced.status, forced.json.code], 'force skips only the lookup').to.deep.equal([
        409,
        'ILLEGAL_TRANSITION',
      ]);
      const lookup = await api().request('GET', `/v1/transactions/${id}`, { token: entity.token });
      expect(lookup.json.data.status).to.not.equal('FAILED');
    });

    it('brings a check forward only for a scheduled withdrawal whose check is not under way', async () => {
      const merchant = await api().merchant({ approvalThreshold: '50.00' });
      const { entity, accountId } = await api().payer('bank', '100.00', merchant);
      const held = await api().withdraw(entity, accountId, spend(60));
      const check = (target: string, body: unknown = {}) =>
        api().request('POST', `/v1/operator/withdrawals/${target}/check`, {
          token: api().operatorToken(),
          body,
        });
      const nothing = await check(held.json.data.id, { reason: 'provider back' });
      expect([nothing.status, nothing.json.code]).to.deep.equal([409, 'ILLEGAL_TRANSITION']);
      const unknown = await check('00000000-0000-4000-8000-0000000c4ec1');
      expect([unknown.status, unknown.json.code]).to.deep.equal([404, 'TRANSACTION_NOT_FOUND']);
      expect((await check(held.json.data.id, { reason: 7 })).status).to.equal(400);
      const customer = await api().request('POST', `/v1/operator/withdrawals/${held.json.data.id}/check`, {
        token: entity.token,
        body: {},
      });
      expect(customer.status).to.equal(401);
      const log = await api().request('GET', `/v1/operator/audit-log?subjectId=${held.json.data.id}`, {
        token: api().operatorToken(),
      });
      expect(log.json.data).to.deep.equal([]);
    });

    it('lists unresolved payouts only with unresolved=true, and refuses another value', async () => {
      const merchant = await api().merchant();
      const { entity, accountId } = await api().payer('bank', '100.00', merchant);
      const paid = await api().withdraw(entity, accountId, spend(10));
      expect(paid.status).to.equal(200);
      const list = (query: string) =>
        api().request('GET', `/v1/operator/withdrawals?merchantId=${merchant.id}&${query}`, {
          token: api().operatorToken(),
        });
      expect((await list('')).json.data).to.have.length(1);
      const unresolved = await list('unresolved=true');
      expect([unresolved.status, unresolved.json.data, unresolved.json.hasMore]).to.deep.equal([
        200,
        [],
        false,
      ]);
      const bad = await list('unresolved=yes');
      expect([bad.status, bad.json.message]).to.deep.equal([400, 'unresolved must be one of true']);
    });

    it('lists the audit log newest first, a page at a time, and refuses a bad limit', async () => {
      const { sub, token } = freshOperator();
      const names = ['first', 'second', 'third'];
      for (const name of names)
        await api().request('POST', '/v1/operator/merchants', { token, body: { name } });
      const page = (query: string) =>
        api().request('GET', `/v1/operator/audit-log?actor=${sub}&${query}`, { token });
      const first = await page('limit=2');
      expect(first.status).to.equal(200);
      expect(first.json.hasMore).to.equal(true);
      expect(first.json.data.map((e: { changes: { name: string } }) => e.changes.name)).to.deep.equal([
        'third',
        'second',
      ]);
      const second = await page(`limit=2&cursor=${encodeURIComponent(first.json.nextCursor)}`);
      expect(second.json).to.deep.include({ hasMore: false, nextCursor: null });
      expect(second.json.data.map((e: { changes: { name: string } }) => e.changes.name)).to.deep.equal([
        'first',
      ]);
      const bad = await page('limit=101');
      expect(bad.status).to.equal(400);
      expect(bad.json).to.include({ success: false, code: 'VALIDATION_ERROR' });
    });

    it('sets fee overrides on the merchant, shows them, and charges them', async () => {
      const merchant = await api().merchant();
      const token = api().operatorToken();
      const path = `/v1/operator/merchants/${merchant.id}`;
      const set = await api().request('PATCH', path, {
        token,
        body: { feeOverrides: { ACH: { type: 'FLAT', amount: 0.1 } } },
      });
      expect(set.status).to.equal(200);
      expect(set.json.data.feeOverrides).to.deep.equal({ ACH: { type: 'FLAT', amount: '0.10' } });
      const { entity, accountId } = await api().payer('bank', '100.00', merchant);
      const paid = await api().withdraw(entity, accountId, spend(10));
      expect(paid.json.data).to.include({ fees: '0.10', amount: '10.10' });
      const bad = await api().request('PATCH', path, {
        token,
        body: { feeOverrides: { SEPA: { type: 'FLAT', amount: '1.00' } } },
      });
      expect(bad.status).to.equal(400);
      expect(bad.json).to.include({ success: false, code: 'VALIDATION_ERROR' });
      // A key that is no rail is refused whatever its name, one an object's prototype answers to included.
      const proto = await api().request('PATCH', path, {
        token,
        headers: { 'content-type': 'application/json' },
        rawBody: '{"feeOverrides":{"__proto__":{"type":"FLAT","amount":"1.00"}}}',
      });
      expect([proto.status, proto.json.code]).to.deep.equal([400, 'VALIDATION_ERROR']);
    });

    it('gives a merchant-funded payment link its token back when the rail rejects it at submission (.91)', async () => {
      const merchant = await api().merchant();
      await api().credit(merchant.walletId, '100.00');
      const entity = await api().entity(merchant, '0');
      const { appToken, accountId } = await api().paymentLink(entity, '25.91');
      const rejected = await api().withdraw(entity, accountId, spend(25.91, { transactionType: 'payout' }));
      expect(rejected.status).to.equal(500);
      // Linking takes only an active token: the rejected withdrawal gave it back.
      const relinked = await api().linkRequest(entity, 'bank', appToken);
      expect(relinked.status).to.equal(200);
    });
  });
}
