import { DueWithdrawals, JsonNumber, RequestWithdrawal, walletAccount } from '@payout/domain';
import { expect } from 'chai';
import { runLedgerVerification } from './ledger-verification.js';
import { type Customer, PayoutWorld } from './payout-world.fixture.js';

describe('runLedgerVerification on PostgreSQL', () => {
  let world: PayoutWorld;
  let customer: Customer;
  let settledId: string;

  /** A withdrawal of `amount` on the ACH rail (served by `increase`), polled (with any other) until settled. */
  async function settled(amount: string): Promise<string> {
    const requested = await new RequestWithdrawal(world.deps).execute(customer.principal, {
      currency: 'USD',
      linkedAccountId: customer.accountId,
      body: { amount: JsonNumber.of(amount), walletType: 'SPEND' },
    });
    if (!requested.ok) throw new Error(requested.error.message);
    const due = new DueWithdrawals(world.deps);
    for (let round = 0; round < 5; round++) {
      world.clock.advance(60_000);
      for (const claimed of await due.claimDue(10)) await due.handle(claimed);
    }
    return requested.value.withdrawal.id;
  }

  before(async () => {
    world = await PayoutWorld.create('ledger_verification');
    world.rail('ACH').provider = 'increase';
    customer = await world.customer('100.00');
    const requested = await new RequestWithdrawal(world.deps).execute(customer.principal, {
      currency: 'USD',
      linkedAccountId: customer.accountId,
      body: { amount: JsonNumber.of('40'), walletType: 'SPEND' },
    });
    expect(requested.ok, 'the withdrawal should be accepted').to.equal(true);
    settledId = await settled('10');
  });
  after(async () => {
    await world.close();
  });

  const sql = (text: string, bindings: readonly string[]) => world.db.knex.raw(text, bindings);

  it('passes on data written through the use cases', async () => {
    expect(await world.balance(customer.walletId)).to.equal('49.50');
    const verification = await runLedgerVerification({ knex: world.db.knex });

    expect(verification.ok, verification.report).to.equal(true);
    expect(verification.report).to.match(/^ledger verified/);
    const kinds = (await world.unitOfWork.read.ledger.entriesForWithdrawal(settledId)).map((e) => e.kind);
    expect(kinds).to.deep.equal(['WITHDRAWAL_DEBIT', 'PAYOUT_SETTLEMENT']);
  });

  it('fails naming transit and the provider when a settlement posting is lost', async () => {
    const settlement = `SELECT e.id FROM ledger_entries e WHERE e.withdrawal_id = ? AND e.kind = 'PAYOUT_SETTLEMENT'`;
    const kept: Array<{ entry_id: string; position: number; account: string; amount: string }> = (
      await sql(`SELECT * FROM ledger_lines WHERE entry_id IN (${settlement})`, [settledId])
    ).rows;
    await sql(`DELETE FROM ledger_lines WHERE entry_id IN (${settlement})`, [settledId]);
    try {
      const verification = await runLedgerVerification({ knex: world.db.knex });

      expect(verification.ok).to.equal(false);
      expect(
        verification.details.settlement.map((d) => [d.account, `${d.postings}`, `${d.payouts}`]),
      ).to.deep.equal([
        ['provider:increase', '40.00', '50.00'],
        ['system:payouts-in-transit', '10.00', '0.00'],
      ]);
      expect(verification.report).to.include(
        'system:payouts-in-transit: postings sum to 10.00 but its payouts sum to 0.00',
      );
    } finally {
      await world.db.knex('ledger_lines').insert(kept);
    }
    expect((await runLedgerVerification({ knex: world.db.knex })).ok).to.equal(true);
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
      ).to.deep.equal([[customer.walletId, '49.50', '49.51']]);
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
        `wallet ${customer.walletId}: balance 54.50 but postings sum to 49.50`,
      );
    } finally {
      await sql(balance, ['-5.00', customer.walletId]);
    }
  });
});
