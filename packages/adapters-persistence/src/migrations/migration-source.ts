import type { Knex } from 'knex';
import * as parties from './0001-parties.migration.js';
import * as accounts from './0002-accounts.migration.js';
import * as withdrawals from './0003-withdrawals.migration.js';
import * as webhooks from './0004-webhooks.migration.js';
import * as webhookQueue from './0005-webhook-queue.migration.js';
import * as withdrawalQueue from './0006-withdrawal-queue.migration.js';
import * as expectRows from './0007-expect-rows.migration.js';
import * as unusedIndexes from './0008-unused-indexes.migration.js';
import * as merchantIndexes from './0009-merchant-indexes.migration.js';
import * as webhookDueIndex from './0010-webhook-due-index.migration.js';
import * as webhookDeliveries from './0011-webhook-deliveries.migration.js';
import * as webhookBodyText from './0012-webhook-body-text.migration.js';
import * as listKeysetIndexes from './0013-list-keyset-indexes.migration.js';
import * as railFailureCodes from './0014-rail-failure-codes.migration.js';
import * as operatorAudit from './0015-operator-audit.migration.js';
import * as webhooksDueNotify from './0016-webhooks-due-notify.migration.js';
import * as walletCreditsIndex from './0017-wallet-credits-index.migration.js';
import * as withdrawalRailProvider from './0018-withdrawal-rail-provider.migration.js';
import * as awaitingSubmissionIndex from './0019-withdrawals-awaiting-submission-index.migration.js';
import * as fixedColumns from './0020-fixed-columns.migration.js';
import * as railSteps from './0021-rail-steps.migration.js';
import * as linkedAccountChanges from './0022-linked-account-changes.migration.js';
import * as providerBalances from './0023-provider-balances.migration.js';
import * as monthlyPartitions from './0024-monthly-partitions.migration.js';
import * as archivedMonths from './0025-archived-months.migration.js';
import * as settlementPostings from './0026-settlement-postings.migration.js';
import * as reconciliation from './0027-reconciliation.migration.js';
import * as railStepsMerchant from './0028-rail-steps-merchant.migration.js';
import * as reportIndexes from './0031-report-indexes.migration.js';
import * as ledgerLinesMonthKeys from './0032-ledger-lines-month-keys.migration.js';
import * as webhookMonthKeys from './0033-webhook-month-keys.migration.js';
import * as archivedReconciliation from './0034-archived-reconciliation.migration.js';
import { lockTimed, MIGRATION_LOCK_TIMEOUT_MS, type OnlineMigration } from './online-migration.js';

interface NamedMigration {
  readonly name: string;
  readonly migration: OnlineMigration;
}

/** The compiled migrations in order, imported statically so they run from dist without ts-node or a directory scan. */
const MIGRATIONS: readonly NamedMigration[] = [
  { name: '0001-parties', migration: parties },
  { name: '0002-accounts', migration: accounts },
  { name: '0003-withdrawals', migration: withdrawals },
  { name: '0004-webhooks', migration: webhooks },
  { name: '0005-webhook-queue', migration: webhookQueue },
  { name: '0006-withdrawal-queue', migration: withdrawalQueue },
  { name: '0007-expect-rows', migration: expectRows },
  { name: '0008-unused-indexes', migration: unusedIndexes },
  { name: '0009-merchant-indexes', migration: merchantIndexes },
  { name: '0010-webhook-due-index', migration: webhookDueIndex },
  { name: '0011-webhook-deliveries', migration: webhookDeliveries },
  { name: '0012-webhook-body-text', migration: webhookBodyText },
  { name: '0013-list-keyset-indexes', migration: listKeysetIndexes },
  { name: '0014-rail-failure-codes', migration: railFailureCodes },
  { name: '0015-operator-audit', migration: operatorAudit },
  { name: '0016-webhooks-due-notify', migration: webhooksDueNotify },
  { name: '0017-wallet-credits-index', migration: walletCreditsIndex },
  { name: '0018-withdrawal-rail-provider', migration: withdrawalRailProvider },
  { name: '0019-withdrawals-awaiting-submission-index', migration: awaitingSubmissionIndex },
  { name: '0020-fixed-columns', migration: fixedColumns },
  { name: '0021-rail-steps', migration: railSteps },
  { name: '0022-linked-account-changes', migration: linkedAccountChanges },
  { name: '0023-provider-balances', migration: providerBalances },
  { name: '0024-monthly-partitions', migration: monthlyPartitions },
  { name: '0025-archived-months', migration: archivedMonths },
  { name: '0026-settlement-postings', migration: settlementPostings },
  { name: '0027-reconciliation', migration: reconciliation },
  { name: '0028-rail-steps-merchant', migration: railStepsMerchant },
  { name: '0031-report-indexes', migration: reportIndexes },
  { name: '0032-ledger-lines-month-keys', migration: ledgerLinesMonthKeys },
  { name: '0033-webhook-month-keys', migration: webhookMonthKeys },
  { name: '0034-archived-reconciliation', migration: archivedReconciliation },
];

/** The migrations as Knex runs them, each statement waiting at most `lockTimeoutMs` for a lock. */
export const lockTimedMigrations = (
  lockTimeoutMs = MIGRATION_LOCK_TIMEOUT_MS,
): Knex.MigrationSource<NamedMigration> => ({
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: (entry) => entry.name,
  getMigration: async (entry) => lockTimed(entry.migration, lockTimeoutMs),
});

export const migrationSource = lockTimedMigrations();
