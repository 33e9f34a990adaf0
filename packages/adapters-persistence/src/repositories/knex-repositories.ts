import type { FieldCipher, Repositories } from '@payout/domain';
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

/** Every repository over one query runner: the pool, or a single transaction. */
export function knexRepositories(db: Db, cipher: FieldCipher): Repositories {
  return {
    merchants: new KnexMerchantRepository(db),
    entities: new KnexEntityRepository(db),
    wallets: new KnexWalletRepository(db),
    ledger: new KnexLedgerRepository(db),
    linkedAccounts: new KnexLinkedAccountRepository(db, cipher),
    applicationTokens: new KnexApplicationTokenStore(db),
    withdrawals: new KnexWithdrawalRepository(db),
    webhookEndpoints: new KnexWebhookEndpointRepository(db, cipher),
    webhookEvents: new KnexWebhookEventRepository(db),
    lists: new KnexListReads(db),
    auditLog: new KnexAuditLog(db),
  };
}
