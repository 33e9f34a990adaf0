import {
  feeFor,
  JsonNumber,
  Money,
  RequestWithdrawal,
  type Result,
  type WithdrawalReceipt,
} from '@payout/domain';
import { expect } from 'chai';
import { runLedgerVerification } from './ledger-verification.js';
import { type Customer, PayoutWorld } from './payout-world.fixture.js';

describe('Concurrent withdrawals on one wallet (PostgreSQL race)', function () {
  this.timeout(120_000);
  const requests = 200;
  const affordable = 50;
  const amount = Money.of('10.00');
  let world: PayoutWorld;
  let customer: Customer;
  let results: Array<Result<WithdrawalReceipt>>;

  before(async () => {
    world = await PayoutWorld.create('withdrawal_race');
    const total = amount.plus(feeFor('ACH', amount));
    customer = await world.customer(Money.sum(Array.from({ length: affordable }, () => total)).toString());
    const request = new RequestWithdrawal(world.deps);
    // Every request is in flight at once; the pool (20 connections) makes them contend on the wallet row.
    results = await Promise.all(
      Array.from({ length: requests }, () =>
        request.execute(customer.principal, {
          currency: 'USD',
          linkedAccountId: customer.accountId,
          body: { amount: JsonNumber.of('10'), walletType: 'SPEND', routingType: 'ACH' },
        }),
      ),
    );
  });
  after(async () => {
    await world.close();
  });

  it('accepts exactly the affordable ones and answers the rest INSUFFICIENT_FUNDS', () => {
    const codes = results.map((result) => (result.ok ? 'OK' : result.error.code));
    expect(codes.filter((code) => code === 'OK')).to.have.length(affordable);
    expect(codes.filter((code) => code === 'INSUFFICIENT_FUNDS')).to.have.length(requests - affordable);
  });

  it('leaves the wallet at exactly 0.00 with one debit per accepted withdrawal and one rail submission each', async () => {
    const accepted = results.flatMap((result) => (result.ok ? [result.value.withdrawal.id] : []));
    const debits = await world.postingsPerWithdrawal(customer.walletId, 'WITHDRAWAL_DEBIT');

    expect(await world.balance(customer.walletId)).to.equal('0.00');
    expect([...debits.keys()].sort()).to.deep.equal([...accepted].sort());
    expect([...debits.values()].every((count) => count === 1)).to.equal(true);
    expect(
      world
        .rail('ACH')
        .submissions.map((s) => s.withdrawalId)
        .sort(),
    ).to.deep.equal([...accepted].sort());
  });

  it('keeps the whole ledger balanced', async () => {
    const verification = await runLedgerVerification({ knex: world.db.knex });
    expect(verification.ok, verification.report).to.equal(true);
  });
});
