import { walletAccount } from '../ledger/ledger-entry.js';
import { Money } from '../money/money.js';
import type { ListReads, WalletPosting, WithdrawalFilter } from '../ports/list-reads.port.js';
import { isAwaitingSubmission } from '../use-cases/withdrawals/submit/rail-dispatcher.js';
import { UNRESOLVED_SUBMIT_ATTEMPTS } from '../use-cases/withdrawals/withdrawal-settings.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';
import type { InMemoryState } from './in-memory-state.js';
import { byCreation, pageOf } from './page-of.js';

const owned = (w: Withdrawal, f: WithdrawalFilter): boolean =>
  (f.merchantId === undefined || w.merchantId === f.merchantId) &&
  (f.entityId === undefined || w.entityId === f.entityId);

const matches = (w: Withdrawal, f: WithdrawalFilter): boolean =>
  (f.status === undefined || w.status === f.status) &&
  (f.rail === undefined || w.rail === f.rail) &&
  (f.createdFrom === undefined || w.createdAt >= f.createdFrom) &&
  (f.createdTo === undefined || w.createdAt < f.createdTo) &&
  (f.unresolved === undefined || (isAwaitingSubmission(w) && w.submitAttempts >= UNRESOLVED_SUBMIT_ATTEMPTS));

/** The lists over the in-memory state: the owner's rows sorted ascending, paged and filtered by `pageOf`. */
export function inMemoryListReads(state: () => InMemoryState): ListReads {
  const sorted = <T extends { readonly id: string; readonly createdAt: Date }>(rows: Iterable<T>) =>
    [...rows].sort(byCreation);
  return {
    withdrawals: async (filter, page) =>
      pageOf(sorted([...state().withdrawals.values()].filter((w) => owned(w, filter))), page, (w) =>
        matches(w, filter),
      ),
    merchants: async (page) => pageOf(sorted(state().merchants.values()), page),
    entities: async (merchantId, page) =>
      pageOf(sorted([...state().entities.values()].filter((e) => e.merchantId === merchantId)), page),
    linkedAccounts: async (entityId, page) =>
      pageOf(
        sorted([...state().linkedAccounts.values()].filter((a) => a.entityId === entityId)).map(
          ({ destination: _secret, ...summary }) => summary,
        ),
        page,
      ),
    unusableLinkedAccounts: async (page) =>
      pageOf(
        sorted([...state().linkedAccounts.values()].filter((a) => a.unusable !== null)).map(
          ({ destination: _secret, ...summary }) => summary,
        ),
        page,
      ),
    walletPostings: async (walletId, page, withdrawalId) => {
      const account = walletAccount(walletId);
      let balance = Money.ZERO;
      const postings: WalletPosting[] = [];
      for (const entry of state().ledger) {
        const line = entry.lines.find((l) => l.account === account);
        if (entry.walletId !== walletId || !line) continue;
        balance = balance.plus(line.amount);
        postings.push({
          id: entry.id,
          kind: entry.kind,
          withdrawalId: entry.withdrawalId,
          amount: line.amount,
          balanceAfter: balance,
          createdAt: entry.createdAt,
        });
      }
      return pageOf(postings, page, (p) => withdrawalId === undefined || p.withdrawalId === withdrawalId);
    },
    webhookEvents: async (filter, page) =>
      pageOf(
        sorted(
          [...state().webhookEvents.values()].filter(
            (e) => filter.merchantId === undefined || e.merchantId === filter.merchantId,
          ),
        ),
        page,
        (e) =>
          (filter.withdrawalId === undefined || e.withdrawalId === filter.withdrawalId) &&
          (filter.deliveryState === undefined || e.deliveryState === filter.deliveryState),
      ),
  };
}
