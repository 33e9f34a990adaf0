import {
  type LedgerEntryKind,
  type ListReads,
  mapPage,
  UNRESOLVED_SUBMIT_ATTEMPTS,
  type WalletPosting,
  type WithdrawalFilter,
  walletAccount,
} from '@payout/domain';
import { keysetPage, tableList } from '../sql/keyset-page.js';
import { type Db, isUuid, money } from './columns.js';
import { type EntityRow, toEntity } from './knex-entity.repository.js';
import { type LinkedAccountSummaryRow, toLinkedAccountSummary } from './knex-linked-account.repository.js';
import { type MerchantRow, toMerchant } from './knex-merchant.repository.js';
import { type EventRow, eventColumns, toEvent } from './knex-webhook-event.repository.js';
import { historyOf } from './knex-withdrawal.repository.js';
import { fromHistoryJson, type HistoryJson, toWithdrawal, type WithdrawalRow } from './withdrawal-rows.js';

const EMPTY = { items: [], next: null };

/** Every column but the destination: a list neither reads nor decrypts account and card numbers. */
const SUMMARY_COLUMNS: ReadonlyArray<keyof LinkedAccountSummaryRow> = [
  'id',
  'merchant_id',
  'entity_id',
  'wallet_id',
  'kind',
  'option_type',
  'currency',
  'label',
  'counter_party_name',
  'last_four',
  'application_token_id',
  'created_at',
  'unusable_at',
  'unusable_code',
  'unusable_withdrawal_id',
  'corrected_at',
  'event_sequence',
];

interface PostingRow {
  id: string;
  kind: LedgerEntryKind;
  withdrawal_id: string | null;
  created_at: Date;
  amount: string;
  balance_after: string;
}

const toPosting = (row: PostingRow): WalletPosting => ({
  id: row.id,
  kind: row.kind,
  withdrawalId: row.withdrawal_id,
  amount: money(row.amount),
  balanceAfter: money(row.balance_after),
  createdAt: row.created_at,
});

/** Ids in filters come from clients: one that is not a UUID names no row (and would make PostgreSQL raise). */
const ids = (...values: ReadonlyArray<string | undefined>): boolean =>
  values.every((value) => value === undefined || isUuid(value));

/** The lists (ListReads) on PostgreSQL, each a keyset read on an index of its owner and key (migration 0013). */
export class KnexListReads implements ListReads {
  constructor(private readonly db: Db) {}

  async withdrawals(filter: WithdrawalFilter, page: Parameters<ListReads['withdrawals']>[1]) {
    if (!ids(filter.merchantId, filter.entityId)) return EMPTY;
    const { list, keyset } = tableList(this.db, 'withdrawals', (query, t) => {
      if (filter.merchantId !== undefined) query.where(`${t}.merchant_id`, filter.merchantId.toLowerCase());
      if (filter.entityId !== undefined) query.where(`${t}.entity_id`, filter.entityId.toLowerCase());
    });
    if (filter.status !== undefined) list.where('t.status', filter.status);
    if (filter.rail !== undefined) list.where('t.rail', filter.rail);
    if (filter.createdFrom !== undefined) list.where('t.created_at', '>=', filter.createdFrom);
    if (filter.createdTo !== undefined) list.where('t.created_at', '<', filter.createdTo);
    // The awaiting-submission index (migration 0019) holds these rows and few others.
    if (filter.unresolved)
      list
        .where('t.status', 'PENDING')
        .where('t.debited', true)
        .whereNull('t.rail_reference')
        .where('t.submit_attempts', '>=', UNRESOLVED_SUBMIT_ATTEMPTS);
    list.select('t.*', this.db.raw(`${historyOf('t')} AS history`));
    const rows = await keysetPage<WithdrawalRow & { history: HistoryJson[] }>(list, keyset, page);
    return mapPage(rows, (row) => toWithdrawal(row, row.history.map(fromHistoryJson)));
  }

  async merchants(page: Parameters<ListReads['merchants']>[0]) {
    const { list, keyset } = tableList(this.db, 'merchants', () => undefined);
    return mapPage(await keysetPage<MerchantRow>(list.select('t.*'), keyset, page), toMerchant);
  }

  async entities(merchantId: string, page: Parameters<ListReads['entities']>[1]) {
    if (!isUuid(merchantId)) return EMPTY;
    const { list, keyset } = tableList(this.db, 'entities', (query, t) =>
      query.where(`${t}.merchant_id`, merchantId.toLowerCase()),
    );
    return mapPage(await keysetPage<EntityRow>(list.select('t.*'), keyset, page), toEntity);
  }

  async linkedAccounts(entityId: string, page: Parameters<ListReads['linkedAccounts']>[1]) {
    if (!isUuid(entityId)) return EMPTY;
    const { list, keyset } = tableList(this.db, 'linked_accounts', (query, t) =>
      query.where(`${t}.entity_id`, entityId.toLowerCase()),
    );
    const columns = SUMMARY_COLUMNS.map((column) => `t.${column}`);
    return mapPage(
      await keysetPage<LinkedAccountSummaryRow>(list.select(columns), keyset, page),
      toLinkedAccountSummary,
    );
  }

  /** Every merchant's unusable accounts, on their partial index (migration linked-account-changes). */
  async unusableLinkedAccounts(page: Parameters<ListReads['unusableLinkedAccounts']>[0]) {
    const { list, keyset } = tableList(this.db, 'linked_accounts', (query, t) =>
      query.whereNotNull(`${t}.unusable_at`),
    );
    const columns = SUMMARY_COLUMNS.map((column) => `t.${column}`);
    return mapPage(
      await keysetPage<LinkedAccountSummaryRow>(list.select(columns), keyset, page),
      toLinkedAccountSummary,
    );
  }

  /**
   * The running balance is a window sum over every posting of the wallet up to each one (numeric, exact), read in
   * the statement that pages them: the wallet's line of each entry, in posting order (`posted_seq`), after the sum
   * of its archived months.
   */
  async walletPostings(
    walletId: string,
    page: Parameters<ListReads['walletPostings']>[1],
    withdrawalId?: string,
  ) {
    if (!ids(walletId, withdrawalId)) return EMPTY;
    const wallet = walletId.toLowerCase();
    const postings = this.db('ledger_entries as e')
      .join('ledger_lines as l', 'l.entry_id', 'e.id')
      .where('e.wallet_id', wallet)
      .andWhere('l.account', walletAccount(wallet))
      .select(
        'e.id',
        'e.posted_seq',
        'e.kind',
        'e.withdrawal_id',
        'e.created_at',
        'l.amount',
        // Archived months' postings (migration 0025) come before every posting still here.
        this.db.raw(
          `sum(l.amount) OVER (ORDER BY e.posted_seq)
             + (SELECT coalesce(sum(amount), 0) FROM ledger_archived_totals WHERE account = ?) AS balance_after`,
          [walletAccount(wallet)],
        ),
      );
    const keyset = {
      columns: ['p.posted_seq'],
      cursor: (after: string) =>
        this.db('ledger_entries as c').select('c.posted_seq').where({ 'c.id': after, 'c.wallet_id': wallet }),
    };
    const list = this.db.from(postings.as('p')).select('p.*');
    // Filtered outside the window, so that each balance still sums every earlier posting of the wallet.
    if (withdrawalId !== undefined) list.where('p.withdrawal_id', withdrawalId);
    return mapPage(await keysetPage<PostingRow>(list, keyset, page), toPosting);
  }

  async webhookEvents(
    filter: Parameters<ListReads['webhookEvents']>[0],
    page: Parameters<ListReads['webhookEvents']>[1],
  ) {
    if (!ids(filter.merchantId, filter.withdrawalId)) return EMPTY;
    const { list, keyset } = tableList(this.db, 'webhook_events', (query, t) => {
      if (filter.merchantId !== undefined) query.where(`${t}.merchant_id`, filter.merchantId.toLowerCase());
    });
    list.join('webhook_deliveries as d', 'd.event_id', 't.id').select(this.db.raw(eventColumns('t', 'd')));
    if (filter.withdrawalId !== undefined) list.where('t.withdrawal_id', filter.withdrawalId);
    if (filter.deliveryState !== undefined) list.where('d.delivery_state', filter.deliveryState);
    return mapPage(await keysetPage<EventRow>(list, keyset, page), toEvent);
  }
}
