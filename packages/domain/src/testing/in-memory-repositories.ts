import type { ApplicationToken } from '../application-token/application-token.js';
import { type AuditEntry, type AuditPosition, compareNewestFirst } from '../audit/audit-entry.js';
import { type Entity, entityIdentity } from '../entity/entity.js';
import { isBalanced, type LedgerEntry, walletAccount } from '../ledger/ledger-entry.js';
import type { LinkedAccount } from '../linked-account/linked-account.js';
import type { Merchant } from '../merchant/merchant.js';
import { Money } from '../money/money.js';
import type { ApplicationTokenStore } from '../ports/application-token-store.port.js';
import type { AuditLog } from '../ports/audit-log.port.js';
import type { EntityRepository } from '../ports/entity-repository.port.js';
import {
  DuplicatePostingError,
  type LedgerDrift,
  type LedgerRepository,
} from '../ports/ledger-repository.port.js';
import type { LinkedAccountRepository } from '../ports/linked-account-repository.port.js';
import type { MerchantRepository } from '../ports/merchant-repository.port.js';
import type { Repositories } from '../ports/unit-of-work.port.js';
import type { WalletRepository } from '../ports/wallet-repository.port.js';
import type { WebhookEndpointRepository } from '../ports/webhook-endpoint-repository.port.js';
import {
  StaleWebhookEventError,
  type WebhookEventRepository,
} from '../ports/webhook-event-repository.port.js';
import {
  ConcurrentModificationError,
  type WithdrawalRepository,
  webhookViewOf,
} from '../ports/withdrawal-repository.port.js';
import type { Wallet } from '../wallet/wallet.js';
import type { WebhookEndpoint } from '../webhooks/webhook-endpoint.js';
import type { WebhookAttempt, WebhookEvent } from '../webhooks/webhook-event.js';
import { FIXED_WITHDRAWAL_FIELDS, type Withdrawal } from '../withdrawal/withdrawal.js';
import { inMemoryListReads } from './in-memory-list-reads.js';
import { inMemoryReconciliation } from './in-memory-reconciliation.js';
import { inMemoryReportReads } from './in-memory-report-reads.js';
import { inMemorySettlementDrift } from './in-memory-settlement-drift.js';
import type { InMemoryState } from './in-memory-state.js';

function insertNew<T>(map: Map<string, T>, id: string, value: T): void {
  if (map.has(id)) throw new Error(`duplicate id ${id}`);
  map.set(id, value);
}

/** The stored record with only `changes` written over it, as the store's UPDATE writes only what may change. */
function updateStored<T>(map: Map<string, T>, id: string, kind: string, changes: Partial<T>): void {
  const stored = map.get(id);
  if (stored === undefined) throw new Error(`${kind} ${id} does not exist`);
  map.set(id, { ...stored, ...changes });
}

/** `withdrawal` as its update stores it: its fixed fields as stored, its stored history kept and appended to. */
function updatedWithdrawal(stored: Withdrawal, withdrawal: Withdrawal): Withdrawal {
  const fixed = Object.fromEntries(FIXED_WITHDRAWAL_FIELDS.map((field) => [field, stored[field]]));
  const appended = withdrawal.history.filter((change) => change.sequence > stored.sequence);
  return { ...withdrawal, ...fixed, history: [...stored.history, ...appended] };
}

/** Repositories over the shared state; `state()` is read on every call so a rollback swaps what they see. */
/** A leased work queue over records with a due time: what `claimDue` does on PostgreSQL, one caller at a time. */
function claimDue<T extends { readonly id: string }>(
  records: Map<string, T>,
  window: { readonly now: Date; readonly leaseUntil: Date; readonly limit: number },
  dueAt: (record: T) => Date | null,
  leased: (record: T, until: Date) => T,
): T[] {
  const due = [...records.values()]
    .filter((record) => (dueAt(record)?.getTime() ?? Number.POSITIVE_INFINITY) <= window.now.getTime())
    .sort((a, b) => (dueAt(a) as Date).getTime() - (dueAt(b) as Date).getTime());
  const claimed = due.slice(0, window.limit).map((record) => leased(record, window.leaseUntil));
  for (const record of claimed) records.set(record.id, record);
  return claimed;
}

export function inMemoryRepositories(state: () => InMemoryState): Repositories {
  const merchants: MerchantRepository = {
    save: async (m: Merchant) => {
      const stored = state().merchants.get(m.id);
      state().merchants.set(
        m.id,
        stored ? { ...m, walletId: stored.walletId, createdAt: stored.createdAt } : m,
      );
    },
    findById: async (id) => state().merchants.get(id) ?? null,
    lockById: async (id) => state().merchants.get(id) ?? null,
  };
  const entities: EntityRepository = {
    insert: async (e: Entity) => insertNew(state().entities, e.id, e),
    findById: async (id) => state().entities.get(id) ?? null,
    findIdentity: async (id) => {
      const entity = state().entities.get(id);
      return entity ? entityIdentity(entity) : null;
    },
  };
  const wallets: WalletRepository = {
    insert: async (w: Wallet) => insertNew(state().wallets, w.id, w),
    findById: async (id) => state().wallets.get(id) ?? null,
    lockById: async (id) => state().wallets.get(id) ?? null,
    update: async (w) =>
      updateStored(state().wallets, w.id, 'wallet', { balance: w.balance, disabled: w.disabled }),
  };
  const ledger: LedgerRepository = {
    append: async (entry: LedgerEntry) => {
      if (!isBalanced(entry)) throw new Error(`unbalanced ledger entry ${entry.id}`);
      const duplicate = state().ledger.some(
        (e) => e.withdrawalId !== null && e.withdrawalId === entry.withdrawalId && e.kind === entry.kind,
      );
      if (duplicate) throw new DuplicatePostingError(entry.withdrawalId ?? '', entry.kind);
      state().ledger.push(entry);
    },
    entriesForWallet: async (walletId) => state().ledger.filter((e) => e.walletId === walletId),
    entriesForWithdrawal: async (withdrawalId) =>
      state().ledger.filter((e) => e.withdrawalId === withdrawalId),
    creditedTotal: async (walletId) =>
      Money.sum(
        state()
          .ledger.filter((e) => e.walletId === walletId && e.kind === 'WALLET_CREDIT')
          .flatMap((e) => e.lines.filter((l) => l.account === walletAccount(walletId)).map((l) => l.amount)),
      ),
    unbalancedEntryIds: async () =>
      state()
        .ledger.filter((e) => !isBalanced(e))
        .map((e) => e.id),
    walletDrift: async () => {
      const drift: LedgerDrift[] = [];
      for (const wallet of state().wallets.values()) {
        const account = walletAccount(wallet.id);
        const postings = Money.sum(
          state().ledger.flatMap((e) => e.lines.filter((l) => l.account === account).map((l) => l.amount)),
        );
        if (!postings.equals(wallet.balance))
          drift.push({ walletId: wallet.id, balance: wallet.balance, postings });
      }
      return drift;
    },
    settlementDrift: async () => inMemorySettlementDrift(state().ledger, state().withdrawals.values()),
  };
  const linkedAccounts: LinkedAccountRepository = {
    insert: async (a: LinkedAccount) => insertNew(state().linkedAccounts, a.id, a),
    findById: async (id) => state().linkedAccounts.get(id) ?? null,
    findForEntity: async (id, entityId) => {
      const account = state().linkedAccounts.get(id);
      return account && account.entityId === entityId ? account : null;
    },
    findWithOwners: async (id, entityId) => {
      const account = state().linkedAccounts.get(id);
      const entity = state().entities.get(entityId);
      const merchant = entity ? state().merchants.get(entity.merchantId) : undefined;
      return account && account.entityId === entityId && entity && merchant
        ? { account, entity, merchant }
        : null;
    },
    lockForPayout: async (id) => state().linkedAccounts.get(id) ?? null,
    lockById: async (id) => state().linkedAccounts.get(id) ?? null,
    update: async (a: LinkedAccount) => {
      if (!state().linkedAccounts.has(a.id)) throw new Error(`linked account ${a.id} does not exist`);
      state().linkedAccounts.set(a.id, a);
    },
  };
  const applicationTokens: ApplicationTokenStore = {
    insert: async (t: ApplicationToken) => {
      if ([...state().applicationTokens.values()].some((other) => other.tokenHash === t.tokenHash))
        throw new Error(`duplicate application token hash for ${t.id}`);
      insertNew(state().applicationTokens, t.id, t);
    },
    findByHash: async (hash) =>
      [...state().applicationTokens.values()].find((t) => t.tokenHash === hash) ?? null,
    findById: async (id) => state().applicationTokens.get(id) ?? null,
    lockById: async (id) => state().applicationTokens.get(id) ?? null,
    update: async (t) =>
      updateStored(state().applicationTokens, t.id, 'application token', { status: t.status }),
  };
  const withdrawals: WithdrawalRepository = {
    insert: async (w: Withdrawal) => insertNew(state().withdrawals, w.id, w),
    findById: async (id) => state().withdrawals.get(id) ?? null,
    claimDue: async (now, leaseUntil, limit) =>
      claimDue(
        state().withdrawals,
        { now, leaseUntil, limit },
        (w) => w.nextCheckAt,
        (w, until) => ({ ...w, nextCheckAt: until }),
      ),
    findWebhookView: async (id) => {
      const withdrawal = state().withdrawals.get(id);
      const entity = withdrawal && state().entities.get(withdrawal.entityId);
      return withdrawal && entity ? webhookViewOf(withdrawal, entity) : null;
    },
    lockById: async (id) => state().withdrawals.get(id) ?? null,
    update: async (w, expectedSequence) => {
      const stored = state().withdrawals.get(w.id);
      if (!stored || stored.sequence !== expectedSequence) throw new ConcurrentModificationError(w.id);
      state().withdrawals.set(w.id, updatedWithdrawal(stored, w));
    },
    history: async (id) => state().withdrawals.get(id)?.history ?? [],
    checkNowByRailReference: async (rails, reference, now) => {
      const found = [...state().withdrawals.values()].find(
        (w) => rails.includes(w.rail) && w.railReference === reference && w.status !== 'FAILED',
      );
      if (!found) return null;
      if (found.nextCheckAt === null || found.nextCheckAt > now)
        state().withdrawals.set(found.id, { ...found, nextCheckAt: now });
      return found.id;
    },
    findExpiredApprovals: async (now, limit) =>
      [...state().withdrawals.values()]
        .filter(
          (w) =>
            w.status === 'AWAITING_APPROVAL' && w.approvalExpiresAt !== null && w.approvalExpiresAt < now,
        )
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .slice(0, limit),
  };
  const webhookEndpoints: WebhookEndpointRepository = {
    save: async (e: WebhookEndpoint) => {
      for (const [id, other] of state().webhookEndpoints) {
        if (other.merchantId === e.merchantId && id !== e.id) state().webhookEndpoints.delete(id);
      }
      const stored = state().webhookEndpoints.get(e.id);
      state().webhookEndpoints.set(
        e.id,
        stored ? { ...e, merchantId: stored.merchantId, createdAt: stored.createdAt } : e,
      );
    },
    findByMerchant: async (merchantId) =>
      [...state().webhookEndpoints.values()].find((e) => e.merchantId === merchantId) ?? null,
  };
  const forWithdrawal = (withdrawalId: string) =>
    [...state().webhookEvents.values()]
      .filter((e) => e.withdrawalId === withdrawalId)
      .sort((a, b) => a.sequence - b.sequence);
  /** The events of the same withdrawal or the same account as `e`. */
  const sameSubject = (e: WebhookEvent) =>
    [...state().webhookEvents.values()].filter((other) =>
      e.withdrawalId !== null
        ? other.withdrawalId === e.withdrawalId
        : other.linkedAccountId === e.linkedAccountId,
    );
  const webhookEvents: WebhookEventRepository = {
    insert: async (e: WebhookEvent) => {
      if ((e.withdrawalId === null) === (e.linkedAccountId === null))
        throw new Error(`webhook event ${e.id} must name one withdrawal or one linked account`);
      if (sameSubject(e).some((other) => other.sequence === e.sequence)) {
        throw new Error(`duplicate event for ${e.withdrawalId ?? e.linkedAccountId} sequence ${e.sequence}`);
      }
      insertNew(state().webhookEvents, e.id, e);
    },
    findById: async (id) => state().webhookEvents.get(id) ?? null,
    lockById: async (id) => state().webhookEvents.get(id) ?? null,
    update: async (e, expectedAttempts) => {
      const stored = state().webhookEvents.get(e.id);
      if (!stored) throw new Error(`webhook event ${e.id} does not exist`);
      if (
        expectedAttempts !== undefined &&
        (stored.deliveryState !== 'PENDING' || stored.attempts !== expectedAttempts)
      )
        throw new StaleWebhookEventError(e.id);
      state().webhookEvents.set(e.id, {
        ...stored,
        deliveryState: e.deliveryState,
        attempts: e.attempts,
        nextAttemptAt: e.nextAttemptAt,
        deliveredAt: e.deliveredAt,
      });
    },
    latestForWithdrawal: async (withdrawalId) => forWithdrawal(withdrawalId).at(-1) ?? null,
    listForWithdrawal: async (withdrawalId) => forWithdrawal(withdrawalId),
    recordAttempt: async (a: WebhookAttempt) => {
      const attempts = state().webhookAttempts;
      if (attempts.some((other) => other.eventId === a.eventId && other.attempt === a.attempt))
        throw new StaleWebhookEventError(a.eventId);
      if (attempts.some((other) => other.id === a.id)) throw new Error(`duplicate id ${a.id}`);
      attempts.push(a);
    },
    claimDue: async (now, leaseUntil, limit) =>
      claimDue(
        state().webhookEvents,
        { now, leaseUntil, limit },
        (e) => (e.deliveryState === 'PENDING' ? e.nextAttemptAt : null),
        (e, until) => ({ ...e, nextAttemptAt: until }),
      ),
    attempts: async (eventId) => state().webhookAttempts.filter((a) => a.eventId === eventId),
  };
  const auditLog: AuditLog = {
    append: async (entry: AuditEntry) => {
      if (state().auditLog.some((other) => other.id === entry.id))
        throw new Error(`duplicate id ${entry.id}`);
      state().auditLog.push(entry);
    },
    list: async (filter, after, limit, order) => {
      const compare = (a: AuditEntry | AuditPosition, b: AuditEntry | AuditPosition) =>
        order === 'desc' ? compareNewestFirst(a, b) : compareNewestFirst(b, a);
      return state()
        .auditLog.filter(
          (e) =>
            (filter.action === undefined || e.action === filter.action) &&
            (filter.subjectId === undefined || e.subjectId === filter.subjectId) &&
            (filter.actor === undefined || e.actor === filter.actor) &&
            (after === null || compare(after, e) < 0),
        )
        .sort(compare)
        .slice(0, limit);
    },
  };
  return {
    merchants,
    entities,
    wallets,
    ledger,
    linkedAccounts,
    applicationTokens,
    withdrawals,
    webhookEndpoints,
    webhookEvents,
    lists: inMemoryListReads(state),
    auditLog,
    reconciliation: inMemoryReconciliation(state),
    reports: inMemoryReportReads(state),
  };
}
