import { expect } from 'chai';
import {
  type LedgerEntry,
  payoutSettlementEntry,
  providerFeeEntry,
  settlementReturnEntry,
  walletAccount,
  walletCreditEntry,
  withdrawalDebitEntry,
  withdrawalReversalEntry,
} from '../../ledger/ledger-entry.js';
import { Money } from '../../money/money.js';
import { DuplicatePostingError } from '../../ports/ledger-repository.port.js';
import { transitionWithdrawal, type Withdrawal } from '../../withdrawal/withdrawal.js';
import { at, buildWithdrawal, seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds, rejectionOf } from './contract-subject.js';
import { creditedAndDebited } from './credited-and-debited.fixture.js';

const linesOf = (entry: LedgerEntry) => entry.lines.map((l) => [l.account, l.amount.toString()]);

export function ledgerRepositoryContract(factory: ContractFactory): void {
  describe('LedgerRepository contract', () => {
    it('returns a wallet’s entries in posting order with their exact lines', async () => {
      const { unitOfWork } = await factory();
      const { parties, withdrawal, credit, debit } = await creditedAndDebited(unitOfWork);
      const entries = await unitOfWork.read.ledger.entriesForWallet(parties.wallet.id);
      expect(entries.map((e) => [e.id, e.kind, e.withdrawalId, e.memo])).to.deep.equal([
        [credit.id, 'WALLET_CREDIT', null, 'top up'],
        [debit.id, 'WITHDRAWAL_DEBIT', withdrawal.id, debit.memo],
      ]);
      expect(entries.map(linesOf)).to.deep.equal([linesOf(credit), linesOf(debit)]);
      expect(linesOf(debit)[0]).to.deep.equal([walletAccount(parties.wallet.id), '-0.35']);
    });

    it('sums a wallet’s credits alone: not its debits or reversals, not another wallet’s credits', async () => {
      const { unitOfWork } = await factory();
      const { parties, withdrawal } = await creditedAndDebited(unitOfWork);
      const other = await seedParties(unitOfWork);
      await unitOfWork.run(async (tx) => {
        await tx.ledger.append(
          walletCreditEntry(contractIds.next(), parties.wallet.id, Money.of('0.05'), 'x', at(1)),
        );
        await tx.ledger.append(
          walletCreditEntry(contractIds.next(), other.wallet.id, Money.of('7.00'), 'x', at(1)),
        );
        await tx.ledger.append(withdrawalReversalEntry(contractIds.next(), withdrawal, at(2)));
      });
      const total = await unitOfWork.read.ledger.creditedTotal(parties.wallet.id);
      expect(total.toString()).to.equal('0.35');
      const none = await seedParties(unitOfWork);
      expect((await unitOfWork.read.ledger.creditedTotal(none.wallet.id)).isZero()).to.equal(true);
    });

    it('refuses an unbalanced entry and stores nothing of it', async () => {
      const { unitOfWork } = await factory();
      const { wallet } = await seedParties(unitOfWork);
      const credit = walletCreditEntry(contractIds.next(), wallet.id, Money.of('1.00'), 'x', at(0));
      const lopsided = {
        ...credit,
        lines: [credit.lines[0]!, { ...credit.lines[1]!, amount: Money.of('-0.99') }],
      };
      await rejectionOf(unitOfWork.run((tx) => tx.ledger.append(lopsided)));
      expect(await unitOfWork.read.ledger.entriesForWallet(wallet.id)).to.deep.equal([]);
    });

    it('posts a debit and a reversal once each per withdrawal (DuplicatePostingError on the second)', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties);
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        await tx.ledger.append(withdrawalDebitEntry(contractIds.next(), withdrawal, at(0)));
        await tx.ledger.append(withdrawalReversalEntry(contractIds.next(), withdrawal, at(1)));
      });
      for (const again of [withdrawalDebitEntry, withdrawalReversalEntry]) {
        const error = await rejectionOf(
          unitOfWork.run((tx) => tx.ledger.append(again(contractIds.next(), withdrawal, at(2)))),
        );
        expect(error).to.be.instanceOf(DuplicatePostingError);
        expect((error as DuplicatePostingError).withdrawalId).to.equal(withdrawal.id);
      }
      expect(await unitOfWork.read.ledger.entriesForWallet(parties.wallet.id)).to.have.length(2);
    });

    it('reports a wallet whose balance differs from its postings, and not one that matches', async () => {
      const { unitOfWork } = await factory();
      const matching = await seedParties(unitOfWork);
      const drifting = await seedParties(unitOfWork);
      const entries = [matching, drifting].map((p) =>
        walletCreditEntry(contractIds.next(), p.wallet.id, Money.of('0.10'), 'x', at(0)),
      );
      await unitOfWork.run(async (tx) => {
        for (const [i, p] of [matching, drifting].entries()) {
          await tx.wallets.update({ ...p.wallet, balance: Money.of(i === 0 ? '0.10' : '0.30') });
          await tx.ledger.append(entries[i]!);
        }
      });
      const drift = await unitOfWork.read.ledger.walletDrift();
      const ids = drift.map((d) => d.walletId);
      expect(ids).to.include(drifting.wallet.id);
      expect(ids).to.not.include(matching.wallet.id);
      const found = drift.find((d) => d.walletId === drifting.wallet.id);
      expect([found?.balance.toString(), found?.postings.toString()]).to.deep.equal(['0.30', '0.10']);
      const unbalanced = await unitOfWork.read.ledger.unbalancedEntryIds();
      for (const entry of entries) expect(unbalanced).to.not.include(entry.id);
    });

    it("returns a withdrawal's entries in posting order, and posts a settlement, its return and a fee once each", async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties);
      const provider = `p${contractIds.next().slice(-6)}`;
      const debit = withdrawalDebitEntry(contractIds.next(), withdrawal, at(0));
      const settlement = payoutSettlementEntry(contractIds.next(), withdrawal, provider, at(1));
      const fee = providerFeeEntry(contractIds.next(), withdrawal, provider, Money.of('0.15'), at(2));
      const back = settlementReturnEntry(contractIds.next(), settlement, at(3));
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        for (const entry of [debit, settlement, fee, back]) await tx.ledger.append(entry);
      });
      const entries = await unitOfWork.read.ledger.entriesForWithdrawal(withdrawal.id);
      expect(entries.map((e) => [e.id, e.kind])).to.deep.equal([
        [debit.id, 'WITHDRAWAL_DEBIT'],
        [settlement.id, 'PAYOUT_SETTLEMENT'],
        [fee.id, 'PROVIDER_FEE'],
        [back.id, 'SETTLEMENT_RETURN'],
      ]);
      expect(entries.map(linesOf)).to.deep.equal([debit, settlement, fee, back].map(linesOf));
      expect(await unitOfWork.read.ledger.entriesForWithdrawal(contractIds.next())).to.deep.equal([]);
      for (const again of [settlement, fee, back]) {
        const error = await rejectionOf(
          unitOfWork.run((tx) => tx.ledger.append({ ...again, id: contractIds.next() })),
        );
        expect(error).to.be.instanceOf(DuplicatePostingError);
      }
    });

    it('reports a provider whose settled and fees accounts differ from its settled payouts, and not one that matches', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const [matching, drifting] = [contractIds.next(), contractIds.next()].map((id) => `p${id.slice(-6)}`);
      const settled = (provider: string, amount: string): Withdrawal => {
        const built = { ...buildWithdrawal(parties, amount), railProvider: provider as string | null };
        const moved = transitionWithdrawal(built, 'SUCCESS', at(1));
        if (!moved.ok) throw new Error(moved.error.message);
        return moved.value.withdrawal;
      };
      const good = settled(matching as string, '10.00');
      const bad = settled(drifting as string, '20.00');
      await unitOfWork.run(async (tx) => {
        for (const w of [good, bad]) {
          await tx.withdrawals.insert(w);
          await tx.ledger.append(withdrawalDebitEntry(contractIds.next(), w, at(0)));
        }
        await tx.ledger.append(payoutSettlementEntry(contractIds.next(), good, matching as string, at(1)));
        await tx.ledger.append(
          providerFeeEntry(contractIds.next(), good, matching as string, Money.of('0.40'), at(2)),
        );
      });
      const drift = await unitOfWork.read.ledger.settlementDrift();
      const accounts = drift.map((d) => d.account);
      expect(accounts).to.not.include(`provider:${matching}`);
      const found = drift.find((d) => d.account === `provider:${drifting}`);
      expect([found?.postings.toString(), found?.payouts.toString()]).to.deep.equal(['0.00', '20.00']);
    });
  });
}
