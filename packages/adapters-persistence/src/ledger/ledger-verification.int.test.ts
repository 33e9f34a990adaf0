import { JsonNumber, RequestWithdrawal, walletAccount } from '@payout/domain';
import { expect } from 'chai';
import { runLedgerVerification } from './ledger-verification.js';
import { type Customer, PayoutWorld } from './payout-world.fixture.js';

describe('runLedgerVerification on PostgreSQL', () => {
  let world: PayoutWorld;
  let customer: Customer;

  before(async () => {
    world = await PayoutWorld.create('ledger_verification');
    customer = await world.customer('100.00');
    const requested = await new RequestWithdrawal(world.deps).execute(customer.principal, {
      currency: 'USD',
      linkedAccountId: customer.accountId,
      body: { amount: JsonNumber.of('40'), walletType: 'SPEND' },
    });
    expect(requested.ok, 'the withdrawal should be accepted').to.equal(true);
  });
  after(async () => {
    await world.close();
  });

  const sql = (text: string, bindings: readonly string[]) => world.db.knex.raw(text, bindings);

  it('passes on data written through the use cases', async () => {
    expect(await world.balance(customer.walletId)).to.equal('59.75');
    const verification = await runLedgerVerification({ knex: world.db.knex });

    expect(verification.ok, verification.report).to.equal(true);
    expect(verification.report).to.match(/^ledger verified/);
  });

  it('fails naming the wallet and the posting set when a posting line is altered by hand', async () => {
    const line = 'UPDATE ledger_lines SET amount = amount + ?::numeric WHERE account = ? AND amount > 0';
    await sql(line, ['0.01', walletAccount(customer.walletId)]);
    try {
      const verification = await runLedgerVerification({ knex: world.db.knex });
      const [credit] = await world.db
        .knex('ledger_entries')
        .where({ wallet_id: customer.walletId, kind: 'WALLET_CREDIT' });

      expect(verification.ok).to.equal(false);
      expect(verification.details.unbalancedEntryIds).to.deep.equal([credit.id]);
      expect(
        verification.details.drift.map((d) => [d.walletId, `${d.balance}`, `${d.postings}`]),
      ).to.deep.equal([[customer.walletId, '59.75', '59.76']]);
      expect(verification.report).to.include(`wallet ${customer.walletId}`).and.to.include(credit.id);
    } finally {
      await sql(line, ['-0.01', walletAccount(customer.walletId)]);
    }
    expect((await runLedgerVerification({ knex: world.db.knex })).ok).to.equal(true);
  });

  it('fails naming the wallet when a balance is changed without a posting', async () => {
    const balance = 'UPDATE wallets SET balance = balance + ?::numeric WHERE id = ?';
    await sql(balance, ['5.00', customer.walletId]);
    try {
      const verification = await runLedgerVerification({ knex: world.db.knex });

      expect(verification.ok).to.equal(false);
      expect(verification.details.unbalancedEntryIds).to.deep.equal([]);
      expect(verification.report).to.include(
        `wallet ${customer.walletId}: balance 64.75 but postings sum to 59.75`,
      );
    } finally {
      await sql(balance, ['-5.00', customer.walletId]);
    }
  });
});
