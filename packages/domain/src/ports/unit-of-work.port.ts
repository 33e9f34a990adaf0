import type { ApplicationTokenStore } from './application-token-store.port.js';
import type { AuditLog } from './audit-log.port.js';
import type { EntityRepository } from './entity-repository.port.js';
import type { JobQueue } from './job-queue.port.js';
import type { LedgerRepository } from './ledger-repository.port.js';
import type { LinkedAccountRepository } from './linked-account-repository.port.js';
import type { ListReads } from './list-reads.port.js';
import type { MerchantRepository } from './merchant-repository.port.js';
import type { ReconciliationStore } from './reconciliation-store.port.js';
import type { ReportReads } from './report-reads.port.js';
import type { Principal } from './token-verifier.port.js';
import type { WalletRepository } from './wallet-repository.port.js';
import type { WebhookEndpointRepository } from './webhook-endpoint-repository.port.js';
import type { WebhookEventRepository } from './webhook-event-repository.port.js';
import type { WithdrawalRepository } from './withdrawal-repository.port.js';

export interface Repositories {
  readonly merchants: MerchantRepository;
  readonly entities: EntityRepository;
  readonly wallets: WalletRepository;
  readonly ledger: LedgerRepository;
  readonly linkedAccounts: LinkedAccountRepository;
  readonly applicationTokens: ApplicationTokenStore;
  readonly withdrawals: WithdrawalRepository;
  readonly webhookEndpoints: WebhookEndpointRepository;
  readonly webhookEvents: WebhookEventRepository;
  /** The API's paginated lists, across the tables above. */
  readonly lists: ListReads;
  readonly auditLog: AuditLog;
  /** Providers' records, reconciliation exceptions and runs (docs/reconciliation.md). */
  readonly reconciliation: ReconciliationStore;
  /** The operator's CSV reports, read a batch at a time. */
  readonly reports: ReportReads;
}

/** Repositories bound to one transaction, plus the job queue that enqueues inside it. */
export interface TransactionScope extends Repositories {
  readonly jobs: JobQueue;
}

/**
 * Explicit transactions. Nothing outside `work` may be called while it runs: rails and webhooks are called after
 * commit.
 */
export interface UnitOfWork {
  /**
   * Runs `work` as one atomic unit: what it wrote and enqueued commits when it resolves, and none of it when it
   * throws. Its reads see what was committed before they ran (READ COMMITTED) and the unit's own writes; decisions
   * on one row are serialised only through the `lock*` methods (see each), and a plain read takes no lock.
   *
   * `work` may run more than once before `run` settles, and must be safe to: a run is rolled back and `work` run
   * again when the store aborted it (a deadlock), when a row it locked had changed before its commit, or when a unit
   * committing with it failed (units handed in together may share one database transaction and commit together,
   * each as if it ran alone after the ones before it). Only the last run's writes, jobs and result count: `work`
   * touches only `tx` and keeps nothing of a run outside it; what it takes from outside (ids, the clock, secrets)
   * may differ between runs. After CommitOutcomeUnknownError it is never run again.
   *
   * A write's error (a stale sequence, a duplicate posting, a constraint) may surface from that call, from a later
   * call of the same unit, or from `run` once `work` resolved: writes may be held and sent together. The unit rolls
   * back in every case, so a caller that expects one catches it around `run`, not around the call.
   *
   * `writer`: the principal the writes are made for, when a request makes them: `readFor(writer)` sees them once
   * `run` has settled, whether it resolved or threw CommitOutcomeUnknownError.
   */
  run<T>(work: (tx: TransactionScope) => Promise<T>, writer?: Principal): Promise<T>;
  /** Repositories for plain reads outside a transaction; `lock*` methods must not be used here. */
  readonly read: Repositories;
  /**
   * Repositories for a principal's plain reads that may lag the store a little (lookups, lists): the adapter may
   * answer them from a read replica. They see everything `reader` wrote through `run(work, reader)`, everything
   * anyone committed longer ago than the adapter's staleness bound, and every row the store has that they look up
   * by key (nothing is "not found" that exists). Without a replica they are `read`.
   */
  readFor(reader: Principal): Promise<Repositories>;
  /**
   * Runs `read` on plain repositories and settles within a bound the adapter promises, even when the store is
   * unreachable: on a connection other than any transaction's (a fresh one after a broken connection), tried again
   * while the store does not answer, and rejected once the bound is spent. How a caller learns the outcome of a
   * transaction that threw CommitOutcomeUnknownError before it answers.
   */
  readBack<T>(read: (repositories: Repositories) => Promise<T>): Promise<T>;
}

/**
 * What `run` throws when the transaction's COMMIT was sent and its answer never came (the connection broke, the
 * server went away): the transaction may have committed or not. `run` never runs `work` again after it.
 */
export class CommitOutcomeUnknownError extends Error {
  constructor(override readonly cause: unknown) {
    super(`the outcome of a COMMIT is unknown: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CommitOutcomeUnknownError';
  }
}
