import { expect } from 'chai';
import type { ApiClient } from './api-client.js';

/** A withdrawal body from the SPEND wallet. */
export const spend = (amount: number, extra: Record<string, unknown> = {}) => ({
  amount,
  walletType: 'SPEND',
  ...extra,
});

/** Spec endpoint 1: success shapes, every row of the withdrawal error table, and the routing table. */
export function withdrawalSuite(api: () => ApiClient): void {
  describe('withdrawal (spec endpoint 1)', () => {
    it('answers 200 with id, status, fees and amount = payout + fees as decimal strings', async () => {
      const { entity, accountId } = await api().payer('bank');
      const res = await api().withdraw(entity, accountId, spend(25, { reason: 'rent', unknownField: 1 }));
      expect(res.status).to.equal(200);
      expect(res.json.success).to.equal(true);
      expect(res.json.message).to.be.a('string').and.not.equal('');
      expect(res.json.data).to.have.all.keys('id', 'status', 'fees', 'amount');
      expect(res.json.data).to.include({ fees: '0.25', amount: '25.25' });
      expect(['SUCCESS', 'PENDING']).to.include(res.json.data.status);
    });

    it('says the payment is queued when the rail is unavailable (.99)', async () => {
      const { entity, accountId } = await api().payer('bank');
      const res = await api().withdraw(entity, accountId, spend(10.99));
      expect(res.status).to.equal(200);
      expect(res.json.message).to.equal('Payment queued');
      expect(res.json.data.status).to.equal('PENDING');
    });

    it('holds an amount at or above the approval threshold as AWAITING_APPROVAL', async () => {
      const merchant = await api().merchant({ approvalThreshold: '100.00' });
      const { entity, accountId } = await api().payer('bank', '1000.00', merchant);
      const res = await api().withdraw(entity, accountId, spend(150));
      expect(res.status).to.equal(200);
      expect(res.json.data.status).to.equal('AWAITING_APPROVAL');
    });

    const badBodies: [string, Record<string, unknown>, string, string | null][] = [
      ['amount missing', { walletType: 'SPEND' }, 'VALIDATION_ERROR', null],
      ['amount zero', spend(0), 'VALIDATION_ERROR', null],
      ['amount negative', spend(-5), 'VALIDATION_ERROR', null],
      ['amount as a string', { amount: '10', walletType: 'SPEND' }, 'VALIDATION_ERROR', null],
      ['amount with three decimals', spend(1.001), 'VALIDATION_ERROR', null],
      ['walletType missing', { amount: 5 }, 'INVALID_WALLET_TYPE', 'walletType must be uppercase SPEND'],
      [
        'walletType lowercase',
        { amount: 5, walletType: 'spend' },
        'INVALID_WALLET_TYPE',
        'walletType must be uppercase SPEND',
      ],
      [
        'routingType unknown',
        spend(5, { routingType: 'SWIFT' }),
        'INVALID_ROUTING_TYPE',
        'routingType must be one of ACH, RTP, WIRE, BANK',
      ],
      ['mfaCode present', spend(5, { mfaCode: '123456' }), 'MFA_NOT_SUPPORTED', null],
    ];
    for (const [name, body, code, message] of badBodies) {
      it(`400 ${code} for ${name}`, async () => {
        const { entity, accountId } = await api().payer('bank');
        const res = await api().withdraw(entity, accountId, body);
        expect(res.status).to.equal(400);
        expect(res.json).to.include({ success: false, fatal: true, code });
        if (message) expect(res.json.message).to.equal(message);
      });
    }

    it('400 for a currency other than USD', async () => {
      const { entity, accountId } = await api().payer('bank');
      const res = await api().withdraw(entity, accountId, spend(5), 'EUR');
      expect(res.status).to.equal(400);
      expect(res.json.code).to.equal('UNSUPPORTED_CURRENCY');
    });

    it('400 "Insufficient Funds #912" when the SPEND balance is too low, and nothing is debited', async () => {
      const { entity, accountId } = await api().payer('bank', '10.00');
      const res = await api().withdraw(entity, accountId, spend(10));
      expect(res.status).to.equal(400);
      expect(res.json).to.include({ message: 'Insufficient Funds #912', fatal: true, success: false });
    });

    it('400 "Token expired or inactive" for the payment flow without an active payment-link token', async () => {
      const { entity, accountId } = await api().payer('bank');
      const res = await api().withdraw(entity, accountId, spend(5, { transactionType: 'PAYOUT' }));
      expect(res.status).to.equal(400);
      expect(res.json).to.include({
        code: 'TOKEN_EXPIRED_OR_INACTIVE',
        message: 'Token expired or inactive',
      });
    });

    it('400 "Malformed request" when a merchant-funded payment link amount differs, and then pays it once', async () => {
      const merchant = await api().merchant();
      await api().credit(merchant.walletId, '500.00');
      const first = await api().entity(merchant, '0');
      const second = await api().entity(merchant, '0');
      const link = { purpose: 'PAYMENT_LINK', withdrawalSource: 'MERCHANT_WALLET', amount: 25 } as const;
      const mismatch = await api().link(first, 'bank', await api().applicationToken(first.id, link));
      const wrong = await api().withdraw(first, mismatch, spend(30, { transactionType: 'payout' }));
      expect(wrong.status).to.equal(400);
      expect(wrong.json).to.include({ code: 'MALFORMED_REQUEST', message: 'Malformed request' });
      const appToken = await api().applicationToken(second.id, link);
      const account = await api().link(second, 'bank', appToken);
      const paid = await api().withdraw(second, account, spend(25, { transactionType: 'Payout' }));
      expect(paid.status).to.equal(200);
      const reused = await api().linkRequest(second, 'bank', appToken);
      expect(reused.status).to.equal(400);
      expect(reused.json.message).to.equal('Token expired or inactive');
    });

    it('403 when payouts are not enabled for the merchant', async () => {
      const merchant = await api().merchant({ payoutsEnabled: false });
      const { entity, accountId } = await api().payer('bank', '100.00', merchant);
      const res = await api().withdraw(entity, accountId, spend(5));
      expect(res.status).to.equal(403);
      expect(res.json.code).to.equal('PAYOUTS_DISABLED');
      expect(res.json.message.toLowerCase()).to.include('contact support');
    });

    it("404 for an unknown linked account and for another entity's account", async () => {
      const { entity } = await api().payer('bank');
      const other = await api().payer('bank');
      const unknown = await api().withdraw(entity, '7b0c4a52-5f39-4b8e-9d0e-3f1b2a6c9d11', spend(5));
      expect(unknown.status).to.equal(404);
      const foreign = await api().withdraw(other.entity, (await api().payer('bank')).accountId, spend(5));
      expect(foreign.status).to.equal(404);
      expect(foreign.json).to.include({ success: false, fatal: true, code: 'LINKED_ACCOUNT_NOT_FOUND' });
    });

    it('500 with the processor message when the rail rejects (.91), and the debit is reversed', async () => {
      const { entity, accountId } = await api().payer('bank', '100.00');
      const res = await api().withdraw(entity, accountId, spend(10.91));
      expect(res.status).to.equal(500);
      expect(res.json).to.include({ success: false, fatal: true, code: 'RAIL_REJECTED' });
      expect(res.json.message).to.include('Check that the account is active');
      const lookup = await api().request('GET', `/v1/transactions/${res.json.transactionId}`, {
        token: entity.token,
      });
      expect(lookup.json.data).to.include({ status: 'FAILED', total: '11.16' });
      const credited = await api().request('POST', `/v1/operator/wallets/${entity.walletId}/credits`, {
        token: api().operatorToken(),
        body: { amount: 0.01 },
      });
      expect(credited.json.data.balance).to.equal('100.01');
    });
  });

  describe('routing table through the API', () => {
    const rows: [Parameters<ApiClient['payer']>[0], string | undefined, string, string][] = [
      ['bank', undefined, 'ACH', '0.25'],
      ['bank', 'ACH', 'ACH', '0.25'],
      ['bank', 'BANK', 'ACH', '0.25'],
      ['bank', 'RTP', 'RTP', '1.00'],
      ['bank', 'WIRE', 'WIRE', '15.00'],
      ['international_bank', undefined, 'SWIFT', '25.00'],
      ['card', 'WIRE', 'PUSH_TO_CARD', '0.50'],
      ['prepaid_card', undefined, 'PUSH_TO_CARD', '0.50'],
      ['zelle', undefined, 'ZELLE', '0.00'],
      ['paypal', 'RTP', 'PAYPAL', '1.00'],
      ['venmo', undefined, 'VENMO', '1.00'],
    ];
    for (const [kind, routingType, rail, fees] of rows) {
      it(`${kind} with routingType ${routingType ?? 'omitted'} goes by ${rail}`, async () => {
        const { entity, accountId } = await api().payer(kind);
        const res = await api().withdraw(entity, accountId, spend(20, routingType ? { routingType } : {}));
        expect(res.status, JSON.stringify(res.json)).to.equal(200);
        expect(res.json.data.fees).to.equal(fees);
        const lookup = await api().request('GET', `/v1/transactions/${res.json.data.id}`, {
          token: entity.token,
        });
        expect(lookup.status).to.equal(200);
        expect(lookup.json.data).to.include({ rail, id: res.json.data.id });
      });
    }

    it('refuses RTP for an international bank account with 400', async () => {
      const { entity, accountId } = await api().payer('international_bank');
      const res = await api().withdraw(entity, accountId, spend(20, { routingType: 'RTP' }));
      expect(res.status).to.equal(400);
      expect(res.json.code).to.equal('UNSUPPORTED_ROUTING');
    });
  });
}
