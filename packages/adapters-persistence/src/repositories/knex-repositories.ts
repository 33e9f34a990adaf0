import type { FieldCipher, Repositories } from '@payout/domain';
import { immediateWriter, type SqlWriter } from '../sql/sql-write.js';
import type { DeferredWrites } from '../unit-of-work/flush-before-reads.js';
import type { Db } from './columns.js';
import { KnexApplicationTokenStore } from './knex-application-token.store.js';
import { KnexAuditLog } from './knex-audit-log.js';
import { KnexEntityRepository } from './knex-entity.repository.js';
import { KnexLedgerRepository } from './knex-ledger.repository.js';
import { KnexLinkedAccountRepository } from './knex-linked-account.repository.js';
import { KnexListReads } from './knex-list-reads.js';
import { KnexMerchantRepository } from './knex-merchant.repository.js';
import { KnexReconciliationStore } from './knex-reconciliation.store.js';
import { KnexReportReads } from './knex-report-reads.js';
import { KnexWalletRepository } from './knex-wallet.repository.js';
import { KnexWebhookEndpointRepository } from './knex-webhook-endpoint.repository.js';
import { KnexWebhookEventRepository } from './knex-webhook-event.repository.js';
import { KnexWithdrawalRepository } from './knex-withdrawal.repository.js';
import type { ProcessRows, TransactionRows } from './process-rows.js';

/**
 * The methods that need no flush of the writes a unit of work holds back (flushBeforeReads): the writes of a
 * withdrawal's hot path, held and sent together; the reads of an entity, a row no held write creates or changes;
 * the locks of wallets, withdrawals and a payout's linked account, which flush themselves unless they lock a known
 * row among the writes (KnownRows); and an account's update, a write like the others. A held method runs bound to
 * the repository itself, so a read inside it would not see the writes
 * still held.
 */
export const DEFERRED_WRITES: DeferredWrites = {
  entities: ['findById', 'findIdentity'],
  wallets: ['update', 'lockById'],
  ledger: ['append'],
  applicationTokens: ['update'],
  linkedAccounts: ['lockForPayout', 'update'],
  withdrawals: ['insert', 'update', 'lockById'],
  webhookEvents: ['insert', 'update', 'recordAttempt'],
};

/**
 * Every repository over one query runner: the pool, or a single transaction (`tx`, its writes held by `writer`).
 * The methods named in DEFERRED_WRITES go through `writer`; the rest run their statements at once.
 */
export function knexRepositories(
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
