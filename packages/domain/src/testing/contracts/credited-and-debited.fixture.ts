import { walletCreditEntry, withdrawalDebitEntry } from '../../ledger/ledger-entry.js';
import { Money } from '../../money/money.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { at, buildWithdrawal, seedParties } from './contract-fixtures.js';
import { contractIds } from './contract-subject.js';

/**
 * Seeded parties whose SPEND wallet got a 0.30 credit, then the debit of a 0.10 withdrawal (0.35 with its fee),
 * posted in that order in one transaction; the debit is dated `debitAt` ms after T0.
 */
export async function creditedAndDebited(unitOfWork: UnitOfWork, debitAt = 0) {
  const parties = await seedParties(unitOfWork);
  const withdrawal = buildWithdrawal(parties, '0.10');
  const credit = walletCreditEntry(contractIds.next(), parties.wallet.id, Money.of('0.30'), 'top up', at(0));
  const debit = withdrawalDebitEntry(contractIds.next(), withdrawal, at(debitAt));
  await unitOfWork.run(async (tx) => {
    await tx.ledger.append(credit);
    await tx.withdrawals.insert(withdrawal);
    await tx.ledger.append(debit);
  });
  return { parties, withdrawal, credit, debit };
}
