import { expect } from 'chai';
import { Money } from '../money/money.js';
import {
  isBalanced,
  type LedgerEntry,
  walletCreditEntry,
  withdrawalDebitEntry,
  withdrawalReversalEntry,
} from './ledger-entry.js';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const withdrawal = { id: 'wd-1', walletId: 'w-1', amount: Money.of('100.00'), fees: Money.of('1.50') };
const lines = (entry: LedgerEntry) => entry.lines.map((line) => [line.account, line.amount.toString()]);

describe('ledger entries', () => {
  it('credits a wallet against funding', () => {
    const entry = walletCreditEntry('le-1', 'w-1', Money.of('30.00'), 'operator credit', NOW);
    expect({ ...entry, lines: lines(entry) }).to.deep.equal({
      id: 'le-1',
      kind: 'WALLET_CREDIT',
      walletId: 'w-1',
      withdrawalId: null,
      memo: 'operator credit',
      createdAt: NOW,
      lines: [
        ['wallet:w-1', '30.00'],
        ['system:funding', '-30.00'],
      ],
    });
    expect(isBalanced(entry)).to.equal(true);
  });

  it('debits the wallet amount plus fees: the amount goes in transit, the fees to revenue', () => {
    const entry = withdrawalDebitEntry('le-2', withdrawal, NOW);
    expect([entry.kind, entry.walletId, entry.withdrawalId, entry.memo]).to.deep.equal([
      'WITHDRAWAL_DEBIT',
      'w-1',
      'wd-1',
      'withdrawal wd-1',
    ]);
    expect(lines(entry)).to.deep.equal([
      ['wallet:w-1', '-101.50'],
      ['system:payouts-in-transit', '100.00'],
      ['system:fee-revenue', '1.50'],
    ]);
    expect(isBalanced(entry)).to.equal(true);
  });

  it('reverses a debit as its exact mirror: every line negated, the fee given back too', () => {
    const debit = withdrawalDebitEntry('le-2', withdrawal, NOW);
    const reversal = withdrawalReversalEntry('le-3', withdrawal, NOW);
    expect([
      reversal.kind,
      reversal.id,
      reversal.walletId,
      reversal.withdrawalId,
      reversal.memo,
    ]).to.deep.equal(['WITHDRAWAL_REVERSAL', 'le-3', 'w-1', 'wd-1', 'reversal of withdrawal wd-1']);
    expect(lines(reversal)).to.deep.equal(
      lines(debit).map(([account, amount]) => [
        account,
        Money.of(amount as string)
          .negated()
          .toString(),
      ]),
    );
    const net = Money.sum(
      [...debit.lines, ...reversal.lines].filter((l) => l.account === 'wallet:w-1').map((l) => l.amount),
    );
    expect(net.isZero(), 'the wallet is back where it was').to.equal(true);
  });

  it('knows an entry whose lines do not sum to zero', () => {
    const debit = withdrawalDebitEntry('le-2', withdrawal, NOW);
    const short = { lines: debit.lines.slice(0, 2) };
    expect(isBalanced(short)).to.equal(false);
    expect(isBalanced({ lines: [] })).to.equal(true);
  });
});
