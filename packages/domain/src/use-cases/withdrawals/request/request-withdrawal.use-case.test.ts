import { expect } from 'chai';
import type { LinkKind } from '../../../linked-account/link-kind.js';
import { JsonNumber, Money } from '../../../money/money.js';
import type { RailId } from '../../../rails/rail-id.js';
import { MESSAGES } from '../../../shared/domain-error.js';
import { ScriptedRail } from '../../../testing/scripted-rail.js';
import { FAILURE_REASONS } from '../../../withdrawal/failure-reason.js';
import { WithdrawalWorld, withdraw, withdrawalBody } from '../withdrawal-world.fixture.js';

const body = withdrawalBody;

describe('RequestWithdrawal', () => {
  it('debits the wallet as stored when it changed after the plan read it, never the stale balance', async () => {
    const world = new WithdrawalWorld();
    const c = await world.customer();
    const accounts = world.uow.read.linkedAccounts;
    const plannedRead = accounts.findWithOwners.bind(accounts);
    accounts.findWithOwners = async (id, entityId) => {
      const owned = await plannedRead(id, entityId);
      // Another request credits the wallet between this read and the debit.
      const stored = world.uow.state.wallets.get(c.walletId);
      if (stored)
        world.uow.state.wallets.set(c.walletId, { ...stored, balance: stored.balance.plus(Money.of('5')) });
      return owned;
    };
    const result = await withdraw(world, c, body());
    expect(result.ok, JSON.stringify(result)).to.equal(true);
    expect(await world.balance(c.walletId)).to.equal(Money.of('1005').minus(Money.of('100.25')).toString());
  });

  describe('routing (the spec table plus docs/product.md §4) and fees', () => {
    const rows: [LinkKind, string | undefined, RailId, string][] = [
      ['bank', undefined, 'ACH', '0.25'],
      ['bank', 'RTP', 'RTP', '1.00'],
      ['bank', 'ACH', 'ACH', '0.25'],
      ['bank', 'BANK', 'ACH', '0.25'],
      ['bank', 'WIRE', 'WIRE', '15.00'],
      ['international_bank', undefined, 'SWIFT', '25.00'],
      ['international_bank', 'ACH', 'SWIFT', '25.00'],
      ['international_bank', 'BANK', 'SWIFT', '25.00'],
      ['international_bank', 'WIRE', 'SWIFT', '25.00'],
      ['card', undefined, 'PUSH_TO_CARD', '1.50'],
      ['card', 'RTP', 'PUSH_TO_CARD', '1.50'],
      ['card', 'WIRE', 'PUSH_TO_CARD', '1.50'],
      ['prepaid_card', 'ACH', 'PUSH_TO_CARD', '1.50'],
      ['zelle', undefined, 'ZELLE', '0.00'],
      ['paypal', 'RTP', 'PAYPAL', '1.00'],
      ['venmo', undefined, 'VENMO', '1.00'],
    ];
    for (const [kind, routingType, rail, fee] of rows) {
      it(`${kind} with routingType ${routingType ?? 'omitted'} goes by ${rail} with fee ${fee}`, async () => {
        const world = new WithdrawalWorld();
        const c = await world.customer({ kind });
        const result = await withdraw(world, c, body(routingType ? { routingType } : {}));
        expect(result.ok, JSON.stringify(result)).to.equal(true);
        if (!result.ok) return;
        const w = result.value.withdrawal;
        expect(w.rail).to.equal(rail);
        expect(w.fees.toString()).to.equal(fee);
        const total = Money.of('100').plus(Money.of(fee));
        expect(w.total.equals(total)).to.equal(true);
        expect(world.rail(rail).submissions).to.have.length(1);
        expect(await world.balance(c.walletId)).to.equal(Money.of('1000').minus(total).toString());
        expect(await world.ledgerProblems()).to.deep.equal([]);
      });
    }

    it('refuses RTP for an international bank account', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer({ kind: 'international_bank' });
      const result = await withdraw(world, c, body({ routingType: 'RTP' }));
      expect(result).to.deep.include({ ok: false });
      if (!result.ok) expect(result.error.code).to.equal('UNSUPPORTED_ROUTING');
      expect(await world.balance(c.walletId)).to.equal('1000.00');
    });

    it('refuses a withdrawal routed to a disabled rail, naming it, before any debit', async () => {
      const world = new WithdrawalWorld([], ['RTP']);
      const c = await world.customer({ kind: 'bank' });
      const result = await withdraw(world, c, body({ routingType: 'RTP' }));
      expect(result).to.deep.include({ ok: false });
      if (!result.ok) expect(result.error).to.deep.include({ code: 'RAIL_DISABLED' });
      if (!result.ok) expect(result.error.message).to.include('RTP');
      expect(await world.balance(c.walletId)).to.equal('1000.00');
      expect(world.uow.state.withdrawals.size).to.equal(0);
      const ach = await withdraw(world, c, body({ routingType: 'ACH' }));
      expect(ach.ok, 'the other rails of the account still pay').to.equal(true);
    });

    it('charges 1.5% half-up with a 0.50 minimum on push-to-card', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer({ kind: 'card' });
      const small = await withdraw(world, c, body({ amount: JsonNumber.of('10') }));
      const large = await withdraw(world, c, body({ amount: JsonNumber.of('33.33') }));
      expect(small.ok && small.value.withdrawal.fees.toString()).to.equal('0.50');
      expect(large.ok && large.value.withdrawal.fees.toString()).to.equal('0.50');
      expect(large.ok && large.value.withdrawal.total.toString()).to.equal('33.83');
    });
  });

  describe('outcomes', () => {
    it('debits amount + fees, answers PENDING while an accepted ACH payout settles', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer();
      const result = await withdraw(world, c, body({ amount: JsonNumber.of('100.1') }));
      if (!result.ok) throw new Error(result.error.message);
      expect(result.value.withdrawal.status).to.equal('PROCESSING_PAY_OUT');
      expect(result.value.withdrawal.total.toString()).to.equal('100.35');
      expect(await world.balance(c.walletId)).to.equal('899.65');
      expect(world.rail('ACH').submissions[0]).to.include({
        withdrawalId: result.value.withdrawal.id,
        attempt: 1,
      });
      expect(await world.ledgerProblems()).to.deep.equal([]);
    });

    it('answers SUCCESS when the rail pays at once', async () => {
      const world = new WithdrawalWorld();
      world.rail('PUSH_TO_CARD').willSubmit({ kind: 'SETTLED', reference: 'p2c-1' });
      const c = await world.customer({ kind: 'card' });
      const result = await withdraw(world, c);
      expect(result.ok && result.value.withdrawal.status).to.equal('SUCCESS');
      expect(result.ok && result.value.message).to.equal('Withdrawal successful');
    });

    it('asks an accepted payout first when the rail expects it to move on, never sooner than its poll interval', async () => {
      const world = new WithdrawalWorld([new ScriptedRail('ACH', 1000)]);
      const now = world.clock.now().getTime();
      world
        .rail('ACH')
        .willSubmit(
          { kind: 'ACCEPTED', reference: 'ach-1', expectedBy: new Date(now + 5000) },
          { kind: 'ACCEPTED', reference: 'ach-2', expectedBy: new Date(now + 10) },
        );
      const c = await world.customer();
      const late = await withdraw(world, c);
      const soon = await withdraw(world, await world.customer());
      const firstCheck = (result: typeof late) =>
        world.uow.state.withdrawals.get(result.ok ? result.value.withdrawal.id : '')?.nextCheckAt?.getTime();
      expect([firstCheck(late), firstCheck(soon)]).to.deep.equal([now + 5000, now + 1000]);
    });

    it("watches a payout paid at once for a return from the rail's first return check", async () => {
      const world = new WithdrawalWorld([new ScriptedRail('PUSH_TO_CARD', 100, 5000, 2000)]);
      world.rail('PUSH_TO_CARD').willSubmit({ kind: 'SETTLED', reference: 'p2c-1' });
      const c = await world.customer({ kind: 'card' });
      const result = await withdraw(world, c);
      const id = result.ok ? result.value.withdrawal.id : '';
      expect(world.uow.state.withdrawals.get(id)?.nextCheckAt?.getTime()).to.equal(
        world.clock.now().getTime() + 2000,
      );
    });

    it('reverses the debit exactly once and reports RAIL_REJECTED when the rail rejects', async () => {
      const world = new WithdrawalWorld();
      world.rail('ACH').willSubmit({ kind: 'REJECTED', reason: FAILURE_REASONS.GENERAL, detail: 'no' });
      const c = await world.customer();
      const result = await withdraw(world, c);
      expect(result.ok).to.equal(false);
      if (result.ok) return;
      expect(result.error.code).to.equal('RAIL_REJECTED');
      const id = result.error.details?.transactionId as string;
      expect(world.statuses(id)).to.deep.equal(['PENDING', 'FAILED']);
      expect(await world.balance(c.walletId)).to.equal('1000.00');
      expect(world.reversals(id)).to.equal(1);
      await world.runJobs();
      expect(world.rail('ACH').submissions).to.have.length(1);
      expect(await world.ledgerProblems()).to.deep.equal([]);
    });

    it('queues the payment when the rail is unavailable and settles it on a retry', async () => {
      const world = new WithdrawalWorld();
      world
        .rail('ZELLE')
        .willSubmit({ kind: 'UNAVAILABLE', detail: 'timeout' }, { kind: 'UNAVAILABLE', detail: 'down' });
      const c = await world.customer({ kind: 'zelle' });
      const result = await withdraw(world, c);
      if (!result.ok) throw new Error(result.error.message);
      expect(result.value.message).to.equal(MESSAGES.PAYMENT_QUEUED);
      expect(result.value.withdrawal.status).to.equal('PENDING');
      await world.runJobs();
      const id = result.value.withdrawal.id;
      expect(world.rail('ZELLE').submissions.map((s) => s.attempt)).to.deep.equal([1, 2, 3]);
      expect(world.statuses(id)).to.deep.equal(['PENDING', 'SUCCESS']);
      expect(await world.balance(c.walletId)).to.equal('900.00');
    });
  });

  describe('errors, in the check order of docs/product.md §5', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['amount missing', { walletType: 'SPEND' }, 'VALIDATION_ERROR'],
      ['amount zero', body({ amount: JsonNumber.of('0') }), 'VALIDATION_ERROR'],
      ['amount negative', body({ amount: JsonNumber.of('-5') }), 'VALIDATION_ERROR'],
      ['amount a string', body({ amount: '10' }), 'VALIDATION_ERROR'],
      ['amount with three decimals', body({ amount: JsonNumber.of('1.005') }), 'VALIDATION_ERROR'],
      [
        'amount rounded by a double',
        body({ amount: JsonNumber.of('10.0000000000000001') }),
        'VALIDATION_ERROR',
      ],
      ['amount beyond numeric(20,2)', body({ amount: JsonNumber.of('1e308') }), 'VALIDATION_ERROR'],
      ['amount a JS number, not the JSON text', body({ amount: 10 }), 'VALIDATION_ERROR'],
      ['walletType missing', { amount: JsonNumber.of('10') }, 'INVALID_WALLET_TYPE'],
      ['walletType lowercase', body({ walletType: 'spend' }), 'INVALID_WALLET_TYPE'],
      ['routingType unknown', body({ routingType: 'SEPA' }), 'INVALID_ROUTING_TYPE'],
      ['mfaCode present', body({ mfaCode: '123456' }), 'MFA_NOT_SUPPORTED'],
      ['reason not a string', body({ reason: 42 }), 'VALIDATION_ERROR'],
      ['transactionType over 255 characters', body({ transactionType: 'p'.repeat(256) }), 'VALIDATION_ERROR'],
    ];
    for (const [name, b, code] of cases) {
      it(`${name} → ${code}, nothing changes`, async () => {
        const world = new WithdrawalWorld();
        const c = await world.customer();
        const result = await withdraw(world, c, b);
        expect(result.ok ? 'ok' : result.error.code).to.equal(code);
        expect(await world.balance(c.walletId)).to.equal('1000.00');
        expect(world.uow.state.withdrawals.size).to.equal(0);
      });
    }

    it('rejects a currency other than USD', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer();
      const result = await withdraw(world, c, body(), 'EUR');
      expect(!result.ok && result.error.code).to.equal('UNSUPPORTED_CURRENCY');
    });

    it('validates before looking up the account: a bad body on a missing account is 400, not 404', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer();
      const missing = { ...c, accountId: '00000000-0000-4000-8000-00000000ffff' };
      const bad = await withdraw(world, missing, body({ walletType: 'MAIN' }));
      const good = await withdraw(world, missing, body());
      expect(!bad.ok && bad.error.code).to.equal('INVALID_WALLET_TYPE');
      expect(!good.ok && good.error.code).to.equal('LINKED_ACCOUNT_NOT_FOUND');
    });

    it("treats another entity's linked account as missing", async () => {
      const world = new WithdrawalWorld();
      const mine = await world.customer();
      const theirs = await world.customer();
      const result = await withdraw(world, { ...mine, accountId: theirs.accountId });
      expect(!result.ok && result.error.code).to.equal('LINKED_ACCOUNT_NOT_FOUND');
      expect(await world.balance(theirs.walletId)).to.equal('1000.00');
    });

    it('refuses a principal without external.apis or without an entity', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer();
      const noScope = { ...c, principal: { ...c.principal, scopes: new Set(['merchant.apis']) } };
      const noEntity = { ...c, principal: { ...c.principal, entityId: null } };
      for (const who of [noScope, noEntity]) {
        const result = await withdraw(world, who);
        expect(!result.ok && result.error.code).to.equal('UNAUTHORIZED');
      }
    });

    it('answers 403 PAYOUTS_DISABLED after the account check and before routing', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer({ payoutsEnabled: false, kind: 'international_bank' });
      const result = await withdraw(world, c, body({ routingType: 'RTP' }));
      expect(!result.ok && result.error.code).to.equal('PAYOUTS_DISABLED');
    });

    it('refuses an amount beyond the rail limit', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer({ kind: 'zelle', balance: '9000.00' });
      const result = await withdraw(world, c, body({ amount: JsonNumber.of('5000.01') }));
      expect(!result.ok && result.error.code).to.equal('AMOUNT_OUT_OF_RANGE');
    });

    it('answers Insufficient Funds #912 when amount + fees exceed the balance, and changes nothing', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer({ balance: '100.00' });
      const result = await withdraw(world, c, body({ amount: JsonNumber.of('99.8') }));
      expect(!result.ok && result.error).to.deep.include({
        code: 'INSUFFICIENT_FUNDS',
        message: 'Insufficient Funds #912',
      });
      expect(await world.balance(c.walletId)).to.equal('100.00');
      expect(world.uow.state.withdrawals.size).to.equal(0);
      expect(world.uow.jobs).to.have.length(0);
      const exact = await withdraw(world, c, body({ amount: JsonNumber.of('99.75') }));
      expect(exact.ok).to.equal(true);
      expect(await world.balance(c.walletId)).to.equal('0.00');
    });

    it('refuses a total above what any wallet holds before holding it for approval, and stores nothing', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer({
        approvalThreshold: '5.00',
        feeOverrides: { ACH: { type: 'FLAT', amount: Money.MAX.toString() } },
      });
      const result = await withdraw(world, c, body({ amount: JsonNumber.of('6.00') }));
      expect(!result.ok && result.error.code).to.equal('INSUFFICIENT_FUNDS');
      expect(world.uow.state.withdrawals.size).to.equal(0);
    });

    it('refuses a disabled wallet', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer();
      const wallet = world.uow.state.wallets.get(c.walletId);
      if (wallet) world.uow.state.wallets.set(c.walletId, { ...wallet, disabled: true });
      const result = await withdraw(world, c);
      expect(!result.ok && result.error.code).to.equal('WALLET_DISABLED');
    });
  });
});
