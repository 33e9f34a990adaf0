import type { FieldCipher, Repositories } from '@payout/domain';
import type { ProcessRows, TransactionRows } from '../batched-transactions/known-rows.js';
import { immediateWriter, type SqlWriter } from '../batched-transactions/sql-write.js';
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

/**
 * Every repository over one query runner: the pool, or a single transaction (`tx`, its writes held by `writer`,
 * which sends them before the transaction's next statement).
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
