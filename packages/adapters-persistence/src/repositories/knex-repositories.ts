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
import { KnexWalletRepository } from './knex-wallet.repository.js';
import { KnexWebhookEndpointRepository } from './knex-webhook-endpoint.repository.js';
import { KnexWebhookEventRepository } from './knex-webhook-event.repository.js';
import { KnexWithdrawalRepository } from './knex-withdrawal.repository.js';

/**
 * The writes a unit of work may hold back and send together: those of a withdrawal's hot path. A held method only
 * writes, through the writer: it runs bound to the repository itself, so a read inside it would not see the
 * writes still held (flushBeforeReads).
 */
export const DEFERRED_WRITES: DeferredWrites = {
  wallets: ['update', 'lockIfUnchanged'],
  ledger: ['append'],
  applicationTokens: ['update'],
  withdrawals: ['insert', 'update', 'lockIfUnchanged'],
  webhookEvents: ['insert', 'update', 'recordAttempt'],
};

/**
 * Every repository over one query runner: the pool, or a single transaction. The methods named in
 * DEFERRED_WRITES go through `writer`; the rest run their statements at once.
 */
export function knexRepositories(
  db: Db,
  cipher: FieldCipher,
  writer: SqlWriter = immediateWriter(db),
): Repositories {
  return {
    merchants: new KnexMerchantRepository(db),
    entities: new KnexEntityRepository(db),
    wallets: new KnexWalletRepository(db, writer),
    ledger: new KnexLedgerRepository(db, writer),
    linkedAccounts: new KnexLinkedAccountRepository(db, cipher),
    applicationTokens: new KnexApplicationTokenStore(db, writer),
    withdrawals: new KnexWithdrawalRepository(db, writer),
    webhookEndpoints: new KnexWebhookEndpointRepository(db, cipher),
    webhookEvents: new KnexWebhookEventRepository(db, writer),
    lists: new KnexListReads(db),
    auditLog: new KnexAuditLog(db),
  };
}
