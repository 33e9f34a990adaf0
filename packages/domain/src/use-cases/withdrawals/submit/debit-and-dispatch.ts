import { withdrawalDebitEntry } from '../../../ledger/ledger-entry.js';
import type { LinkedAccount } from '../../../linked-account/linked-account.js';
import { takeToken } from '../../../policy/payment-link-policy.js';
import type { TransactionScope } from '../../../ports/unit-of-work.port.js';
import { type DomainError, domainError, MESSAGES } from '../../../shared/domain-error.js';
import { err, ok, type Result } from '../../../shared/result.js';
import { debitWallet } from '../../../wallet/wallet.js';
import { checkAt, type Withdrawal } from '../../../withdrawal/withdrawal.js';
import { receiptFor, type WithdrawalReceipt } from '../request/request-outcome.js';
import { recordStatusChange } from '../status-change/move-withdrawal.js';
import { SAFETY_NET_MARGIN_MS } from '../withdrawal-settings.js';
import { type DispatchOutcome, RailDispatcher, type RailDispatcherDeps } from './rail-dispatcher.js';

export type WithdrawalFlowDeps = RailDispatcherDeps;

/** The refusal of a withdrawal to an account a return marked unusable (docs/product.md §5). */
export const accountUnusable = (account: LinkedAccount): DomainError =>
  domainError('LINKED_ACCOUNT_UNUSABLE', MESSAGES.LINKED_ACCOUNT_UNUSABLE, {
    linkedAccountId: account.id,
    code: account.unusable?.code ?? null,
  });

/**
 * The withdrawal's account, share-locked for its debit (LinkedAccountRepository.lockForPayout), or the refusal when
 * a return marked it unusable: a debit committed after the marking sees it, and the marking waits for a debit that
 * locked the account first, so no withdrawal slips between the two. Taken before the wallet, the order the
 * marking takes them in too.
 */
export async function lockPayableAccount(
  tx: TransactionScope,
  linkedAccountId: string,
): Promise<Result<LinkedAccount, DomainError>> {
  const account = await tx.linkedAccounts.lockForPayout(linkedAccountId);
  if (!account) throw new Error(`linked account ${linkedAccountId} is missing`);
  return account.unusable ? err(accountUnusable(account)) : ok(account);
}

/**
 * Inside one transaction: locks the wallet, debits the total (amount + fees) with a balanced posting, consumes a
 * merchant-funded payment link's token, and schedules the safety-net check that submits the withdrawal if the
 * rail call after commit never gets its answer recorded (the process died). `withdrawal` is PENDING and
 * debited; `previous` is its stored form when it already exists (an approval), null for a new one. Refused, with
 * nothing written, when its linked account is unusable (lockPayableAccount); `onAccount` is given the account as
 * locked, which the first rail attempt then pays to.
 */
export async function debitAndStore(
  tx: TransactionScope,
  deps: WithdrawalFlowDeps,
  debitedWithdrawal: Withdrawal,
  previous: Withdrawal | null,
  now: Date,
  onAccount: (account: LinkedAccount) => void = () => {},
): Promise<Result<Withdrawal, DomainError>> {
  const payable = await lockPayableAccount(tx, debitedWithdrawal.linkedAccountId);
  if (!payable.ok) return payable;
  onAccount(payable.value);
  // Its rail's provider now is the one it is sent to and asked about from here on (railOf, rails/rail-registry.ts).
  const withdrawal = checkAt(
    { ...debitedWithdrawal, railProvider: deps.rails.get(debitedWithdrawal.rail).provider },
    new Date(now.getTime() + deps.settings.railTimeoutMs + SAFETY_NET_MARGIN_MS),
  );
  const wallet = await tx.wallets.lockById(withdrawal.walletId);
  if (!wallet) throw new Error(`wallet ${withdrawal.walletId} is missing`);
  const debited = debitWallet(wallet, withdrawal.total);
  if (!debited.ok) return debited;
  if (withdrawal.applicationTokenId) {
    const taken = takeToken(await tx.applicationTokens.lockById(withdrawal.applicationTokenId), now);
    if (!taken.ok) return taken;
    if (taken.value) await tx.applicationTokens.update(taken.value);
  }
  await tx.wallets.update(debited.value);
  await tx.ledger.append(withdrawalDebitEntry(deps.ids.next(), withdrawal, now));
  if (previous) await tx.withdrawals.update(withdrawal, previous.sequence);
  else await tx.withdrawals.insert(withdrawal);
  await recordStatusChange(tx, withdrawal, withdrawal.history[withdrawal.history.length - 1]!, now, deps.ids);
  return ok(withdrawal);
}

/**
 * The first rail attempt, made by the request itself after its commit. A rejection has already been reversed
 * by the dispatcher and is reported as RAIL_REJECTED (HTTP 500 per the spec). A fault past the commit (recording
 * the rail's answer failed) never hides the committed withdrawal: the answer is the withdrawal as stored (read
 * back, bounded; as committed when even that fails), and its safety-net check takes it from there.
 */
export async function dispatchFirstAttempt(
  deps: WithdrawalFlowDeps,
  withdrawal: Withdrawal,
  account: LinkedAccount | null = null,
): Promise<Result<WithdrawalReceipt>> {
  const dispatcher = new RailDispatcher(deps);
  let outcome: DispatchOutcome;
  try {
    outcome =
      account && withdrawal.submitAttempts === 1
        ? await dispatcher.submitClaimed(withdrawal, account, 1)
        : await dispatcher.submit(withdrawal.id, 1);
  } catch {
    const stored = await deps.unitOfWork
      .readBack((read) => read.withdrawals.findById(withdrawal.id))
      .catch(() => null);
    return ok(receiptFor(stored ?? withdrawal, null));
  }
  if (outcome.kind === 'REJECTED')
    return err(domainError('RAIL_REJECTED', MESSAGES.RAIL_REJECTED, { transactionId: withdrawal.id }));
  const latest = outcome.kind === 'SKIPPED' ? withdrawal : outcome.withdrawal;
  return ok(receiptFor(latest, outcome));
}
