import type { EntityType, WithdrawalStatus, WithdrawalWebhookView } from '@payout/domain';
import { toWithdrawalCore, type WithdrawalCoreRow } from './withdrawal-rows.js';

/**
 * The webhook-payload lookup's read, by an array of ids (concurrent lookups travel together, see ReadBatches):
 * fifteen short columns and no timestamps, against a whole withdrawal's 26 columns, its history as JSON and
 * its entity as JSON. The latest change is the history's last row by the primary key (withdrawal, sequence).
 * The entity type is a subquery, not a join, so each withdrawal probes its entity by primary key: a join let the
 * planner scan every entity once statistics lagged the table's growth (docs/decisions/0001-bounded-reads.md).
 */
export const FIND_WEBHOOK_VIEWS = {
  name: 'withdrawal_webhook_views',
  text: `SELECT w.id, w.merchant_id, w.entity_id, w.wallet_id, w.flow, w.rail, w.currency, w.amount, w.fees,
                w.status, w.failure_reason, w.failure_code, w.sequence,
                (SELECT e.entity_type FROM entities e WHERE e.id = w.entity_id) AS entity_type,
                (SELECT h.previous_status FROM withdrawal_history h WHERE h.withdrawal_id = w.id
                  ORDER BY h.sequence DESC LIMIT 1) AS previous_status
           FROM withdrawals w WHERE w.id = ANY($1::uuid[])`,
};

export type WebhookViewRow = WithdrawalCoreRow & {
  entity_type: EntityType;
  previous_status: WithdrawalStatus | null;
};

export const toWebhookView = (row: WebhookViewRow): WithdrawalWebhookView => ({
  ...toWithdrawalCore(row),
  entityType: row.entity_type,
  previousStatus: row.previous_status,
});
