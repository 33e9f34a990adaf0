import {
  CommitOutcomeUnknownError,
  type FieldCipher,
  type Principal,
  type Repositories,
  type TransactionScope,
  type UnitOfWork,
} from '@payout/domain';
import type { Knex } from 'knex';
import {
  type CommitGroupLimits,
  CommitGroups,
  DEFAULT_COMMIT_GROUPS,
} from '../batched-transactions/commit-groups.js';
import { ProcessRows, StaleKnownRowError, type TransactionRows } from '../batched-transactions/known-rows.js';
import { immediateWriter, type SqlWriter } from '../batched-transactions/sql-write.js';
import { knexOn, TransactionConnection } from '../batched-transactions/transaction-connection.js';
import type { TransactionJobs } from '../jobs/transaction-jobs.js';
import { withPrimaryFallback } from '../replica/primary-fallback.js';
import type { ReadReplica } from '../replica/read-replica.js';
import type { Db } from '../repositories/columns.js';
import { KnexApplicationTokenStore } from '../repositories/knex-application-token.store.js';
import { KnexAuditLog } from '../repositories/knex-audit-log.js';
import { KnexEntityRepository } from '../repositories/knex-entity.repository.js';
import { KnexLedgerRepository } from '../repositories/knex-ledger.repository.js';
import { KnexLinkedAccountRepository } from '../repositories/knex-linked-account.repository.js';
import { KnexListReads } from '../repositories/knex-list-reads.js';
import { KnexMerchantRepository } from '../repositories/knex-merchant.repository.js';
import { KnexReconciliationStore } from '../repositories/knex-reconciliation.store.js';
import { KnexReportReads } from '../repositories/knex-report-reads.js';
import { KnexWalletRepository } from '../repositories/knex-wallet.repository.js';
import { KnexWebhookEndpointRepository } from '../repositories/knex-webhook-endpoint.repository.js';
import { KnexWebhookEventRepository } from '../repositories/knex-webhook-event.repository.js';
import { KnexWithdrawalRepository } from '../repositories/knex-withdrawal.repository.js';
import { isDeadlock } from '../repositories/pg-errors.js';
import { withConnection } from '../sql/connection.js';
import { readWithin } from './bounded-read.js';

const RERUNS = 5;

export interface KnexUnitOfWorkDeps {
  readonly knex: Knex;
  /** The job queue of each transaction (pg-boss's `send` on its connection in production). */
  readonly jobs: TransactionJobs;
  /** Encrypts linked-account destinations and webhook secrets at rest. */
  readonly cipher: FieldCipher;
  /** How long `readBack` may take, READ_BACK_MS by default. */
  readonly readBackMs?: number;
  /** How concurrent transactions are grouped into one commit (CommitGroups); DEFAULT_COMMIT_GROUPS by default. */
  readonly commitGroups?: CommitGroupLimits;
  /** Where `readFor` may read (DATABASE_READ_URL); without it every read is the primary's. */
  readonly replica?: ReadReplica | null;
}

/**
 * The bound of `readBack`: a request that lost its COMMIT's answer waits this long at most to learn the outcome.
 * Long enough for a server that dropped its connections to take new ones, short beside a client's timeout.
 */
export const READ_BACK_MS = 3000;

/**
 * Transactions on connections from Knex's pool: `work` commits when it resolves and rolls back (jobs included)
 * when it throws. This class is where a transaction is followed: `run` hands it to its commit group and notes its
 * writer; `transaction` begins it, runs `work`, commits and reruns it. The machinery that makes it cheap sits in
 * `batched-transactions/`: the groups (CommitGroups), the connection that holds the writes until the next
 * statement or COMMIT (TransactionConnection), and the rows the process knows (ProcessRows).
 */
export class KnexUnitOfWork implements UnitOfWork {
  readonly read: Repositories;
  private readonly groups: CommitGroups;
  /** What the process knows of the rows it read or committed, shared by every transaction (see ProcessRows). */
  private readonly rows = new ProcessRows();
  /** The replica's repositories, falling back to `read`; null without a replica. */
  private readonly replicaRead: Repositories | null;

  constructor(private readonly deps: KnexUnitOfWorkDeps) {
    this.read = knexRepositories(deps.knex, deps.cipher, this.rows);
    this.groups = new CommitGroups(
      (work) => this.transaction(work),
      deps.commitGroups ?? DEFAULT_COMMIT_GROUPS,
    );
    const replica = deps.replica ?? null;
    // Rows read on the replica may be behind: they get a ProcessRows of their own, which no transaction decides on.
    this.replicaRead = replica
      ? withPrimaryFallback(
          knexRepositories(replica.knex, deps.cipher, new ProcessRows()),
          this.read,
          (route) => replica.fellBack(route),
        )
      : null;
  }

  async readFor(reader: Principal): Promise<Repositories> {
    const replica = this.deps.replica;
    if (!replica || !this.replicaRead) return this.read;
    return (await replica.serves(reader)) ? this.replicaRead : this.read;
  }

  /** On a connection from the pool: one broken under a transaction is discarded, never lent again. */
  readBack<T>(read: (repositories: Repositories) => Promise<T>): Promise<T> {
    return readWithin(() => read(this.read), this.deps.readBackMs ?? READ_BACK_MS);
  }

  run<T>(work: (tx: TransactionScope) => Promise<T>, writer?: Principal): Promise<T> {
    const replica = this.deps.replica;
    if (!replica || !writer) return this.groups.run(work);
    return this.noted(replica, writer, this.groups.run(work));
  }

  /** `committing`, its writer noted before it settles whenever it may have committed. */
  private async noted<T>(replica: ReadReplica, writer: Principal, committing: Promise<T>): Promise<T> {
    try {
      const result = await committing;
      await replica.wrote(writer);
      return result;
    } catch (error) {
      if (error instanceof CommitOutcomeUnknownError) await replica.wrote(writer);
      throw error;
    }
  }

  /**
   * One transaction, on a connection of its own: BEGIN goes with its first statement, its writes are held until its
   * next statement or its COMMIT (TransactionConnection). One that PostgreSQL aborts to break a deadlock (two
   * transactions locking the same rows in opposite orders, e.g. groups of withdrawals with their wallets), or one
   * that decided on a known row that had changed (StaleKnownRowError: the rerun reads it), runs again, up to RERUNS
   * times: `work` only touches the transaction, so a rerun is the same work. A COMMIT whose answer was lost is
   * reported as CommitOutcomeUnknownError, never rerun.
   */
  private async transaction<T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await withConnection(this.deps.knex, async (raw) => {
          const connection = new TransactionConnection(raw);
          const db = knexOn(this.deps.knex, connection);
          const written: TransactionRows = { written: [] };
          const repositories = knexRepositories(db, this.deps.cipher, this.rows, {
            writer: connection,
            rows: written,
          });
          const jobs = this.deps.jobs.in(knexOn(this.deps.knex, connection.besideHeldWrites));
          try {
            const result = await work({ ...repositories, jobs });
            await connection.commit();
            for (const withdrawal of written.written) this.rows.withdrawals.remember(withdrawal);
            return result;
          } catch (error) {
            await connection.rollback();
            throw connection.commitOutcomeUnknown ? new CommitOutcomeUnknownError(error) : error;
          }
        });
      } catch (error) {
        const rerun = isDeadlock(error) || error instanceof StaleKnownRowError;
        if (attempt >= RERUNS || !rerun) throw error;
      }
    }
  }
}

/**
 * Every repository over one query runner: the pool, or a single transaction (`tx`, its writes held by `writer`,
 * which sends them before the transaction's next statement).
 */
function knexRepositories(
  db: Db,
  cipher: FieldCipher,
  rows: ProcessRows,
  tx: { readonly writer: SqlWriter; readonly rows: TransactionRows } | null = null,
): Repositories {
  const writer = tx?.writer ?? immediateWriter(db);
  return {
    merchants: new KnexMerchantRepository(db),
    entities: new KnexEntityRepository(db, rows.entities),
    wallets: new KnexWalletRepository(db, writer, tx ? rows.wallets : null),
    ledger: new KnexLedgerRepository(db, writer),
    linkedAccounts: new KnexLinkedAccountRepository(db, cipher, rows, writer, tx !== null),
    applicationTokens: new KnexApplicationTokenStore(db, writer),
    withdrawals: new KnexWithdrawalRepository(db, writer, rows, tx?.rows ?? null),
    webhookEndpoints: new KnexWebhookEndpointRepository(db, cipher),
    webhookEvents: new KnexWebhookEventRepository(db, writer),
    lists: new KnexListReads(db),
    auditLog: new KnexAuditLog(db),
    reconciliation: new KnexReconciliationStore(db),
    reports: new KnexReportReads(db),
  };
}
