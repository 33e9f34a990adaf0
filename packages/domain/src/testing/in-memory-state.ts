import type { ApplicationToken } from '../application-token/application-token.js';
import type { AuditEntry } from '../audit/audit-entry.js';
import type { Entity } from '../entity/entity.js';
import type { LedgerEntry } from '../ledger/ledger-entry.js';
import type { LinkedAccount } from '../linked-account/linked-account.js';
import type { Merchant } from '../merchant/merchant.js';
import type { EnqueueOptions, Job } from '../ports/job-queue.port.js';
import type { StoredProviderRecord } from '../ports/reconciliation-store.port.js';
import type { ReconciliationException } from '../reconciliation/reconciliation-exception.js';
import type { ReconciliationRun } from '../reconciliation/reconciliation-run.js';
import type { Wallet } from '../wallet/wallet.js';
import type { WebhookEndpoint } from '../webhooks/webhook-endpoint.js';
import type { WebhookAttempt, WebhookEvent } from '../webhooks/webhook-event.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';

export interface QueuedJob {
  readonly job: Job;
  readonly options: EnqueueOptions;
}

/** Everything the in-memory adapters hold. Records are immutable, so a shallow copy is a snapshot. */
export interface InMemoryState {
  merchants: Map<string, Merchant>;
  entities: Map<string, Entity>;
  wallets: Map<string, Wallet>;
  ledger: LedgerEntry[];
  linkedAccounts: Map<string, LinkedAccount>;
  applicationTokens: Map<string, ApplicationToken>;
  withdrawals: Map<string, Withdrawal>;
  webhookEndpoints: Map<string, WebhookEndpoint>;
  webhookEvents: Map<string, WebhookEvent>;
  webhookAttempts: WebhookAttempt[];
  auditLog: AuditEntry[];
  /** By provider and provider id. */
  providerRecords: Map<string, StoredProviderRecord>;
  reconciliationExceptions: Map<string, ReconciliationException>;
  reconciliationRuns: ReconciliationRun[];
  jobs: QueuedJob[];
}

export const emptyState = (): InMemoryState => ({
  merchants: new Map(),
  entities: new Map(),
  wallets: new Map(),
  ledger: [],
  linkedAccounts: new Map(),
  applicationTokens: new Map(),
  withdrawals: new Map(),
  webhookEndpoints: new Map(),
  webhookEvents: new Map(),
  webhookAttempts: [],
  auditLog: [],
  providerRecords: new Map(),
  reconciliationExceptions: new Map(),
  reconciliationRuns: [],
  jobs: [],
});

export const snapshotState = (state: InMemoryState): InMemoryState => ({
  merchants: new Map(state.merchants),
  entities: new Map(state.entities),
  wallets: new Map(state.wallets),
  ledger: [...state.ledger],
  linkedAccounts: new Map(state.linkedAccounts),
  applicationTokens: new Map(state.applicationTokens),
  withdrawals: new Map(state.withdrawals),
  webhookEndpoints: new Map(state.webhookEndpoints),
  webhookEvents: new Map(state.webhookEvents),
  webhookAttempts: [...state.webhookAttempts],
  auditLog: [...state.auditLog],
  providerRecords: new Map(state.providerRecords),
  reconciliationExceptions: new Map(state.reconciliationExceptions),
  reconciliationRuns: [...state.reconciliationRuns],
  jobs: [...state.jobs],
});

export const restoreState = (target: InMemoryState, from: InMemoryState): void => {
  Object.assign(target, from);
};
