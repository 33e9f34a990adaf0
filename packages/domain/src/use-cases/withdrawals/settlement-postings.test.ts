import { expect } from 'chai';
import { JsonNumber, Money } from '../../money/money.js';
import { ScriptedRail } from '../../testing/scripted-rail.js';
import { FAILURE_REASONS } from '../../withdrawal/failure-reason.js';
import { VerifyLedger } from '../operator/verify-ledger.use-case.js';
import { type Customer, WithdrawalWorld } from './withdrawal-world.fixture.js';

/** The withdrawal's postings summed per account. */
const accountTotals = (world: WithdrawalWorld, withdrawalId: string): Record<string, string> => {
  const lines = world.uow.state.ledger.filter((e) => e.withdrawalId === withdrawalId).flatMap((e) => e.lines);
  const accounts = [...new Set(lines.map((line) => line.account))];
  return Object.fromEntries(
    accounts.map((account) => [
      account,
      Money.sum(lines.filter((line) => line.account === account).map((line) => line.amount)).toString(),
    ]),
  );
};

const kinds = (world: WithdrawalWorld, withdrawalId: string) =>
  world.uow.state.ledger.filter((e) => e.withdrawalId === withdrawalId).map((e) => e.kind);

async function withdraw(world: WithdrawalWorld, c: Customer, amount = '100'): Promise<string> {
  const result = await world.request.execute(c.principal, {
    currency: 'USD',
    linkedAccountId: c.accountId,
    body: { amount: JsonNumber.of(amount), walletType: 'SPEND' },
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value.withdrawal.id;
}

describe('settlement postings', () => {
  it("the provider's confirmation moves the payout from transit to its settled account, once", async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').provider = 'increase';
    const c = await world.customer();
    const id = await withdraw(world, c);
    expect(accountTotals(world, id)['system:payouts-in-transit']).to.equal('100.00');
    await world.runJobs();

    expect(world.statuses(id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS']);
    expect(kinds(world, id)).to.deep.equal(['WITHDRAWAL_DEBIT', 'PAYOUT_SETTLEMENT']);
    const totals = accountTotals(world, id);
    expect(totals['system:payouts-in-transit']).to.equal('0.00');
    expect(totals['provider:increase:settled']).to.equal('100.00');
    expect(await world.ledgerProblems()).to.deep.equal([]);
  });

  it('a return after settlement comes back into transit once, and the reversal empties transit', async () => {
    const zelle = new ScriptedRail('ZELLE', 1000, 60_000);
    zelle.provider = 'wise';
    zelle.willReport({ kind: 'SETTLED' }, { kind: 'RETURNED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND });
    const world = new WithdrawalWorld([zelle]);
    const c = await world.customer({ kind: 'zelle' });
    const id = await withdraw(world, c);
    await world.runJobs();

    expect(world.statuses(id)).to.deep.equal(['PENDING', 'SUCCESS', 'FAILED']);
    expect(kinds(world, id)).to.deep.equal([
      'WITHDRAWAL_DEBIT',
      'PAYOUT_SETTLEMENT',
      'SETTLEMENT_RETURN',
      'WITHDRAWAL_REVERSAL',
    ]);
    const totals = accountTotals(world, id);
    expect(totals['system:payouts-in-transit']).to.equal('0.00');
    expect(totals['provider:wise:settled']).to.equal('0.00');
    expect(await world.balance(c.walletId)).to.equal('1000.00');
    expect(await world.ledgerProblems()).to.deep.equal([]);
  });

  it('a failure before settlement posts no settlement: the reversal alone empties transit', async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').willReport({ kind: 'FAILED', reason: FAILURE_REASONS.GENERAL });
    const c = await world.customer();
    const id = await withdraw(world, c);
    await world.runJobs();

    expect(kinds(world, id)).to.deep.equal(['WITHDRAWAL_DEBIT', 'WITHDRAWAL_REVERSAL']);
    expect(await world.ledgerProblems()).to.deep.equal([]);
  });

  it('ledger verification names transit and the provider when a settlement is missing', async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').provider = 'increase';
    const c = await world.customer();
    const id = await withdraw(world, c, '40');
    await world.runJobs();
    world.uow.state.ledger = world.uow.state.ledger.filter(
      (e) => !(e.withdrawalId === id && e.kind === 'PAYOUT_SETTLEMENT'),
    );

    const report = await new VerifyLedger({ unitOfWork: world.uow }).execute();
    expect(report.ok).to.equal(false);
    expect(report.settlement.map((d) => [d.account, `${d.postings}`, `${d.payouts}`])).to.deep.equal([
      ['provider:increase', '0.00', '40.00'],
      ['system:payouts-in-transit', '40.00', '0.00'],
    ]);
  });
});
