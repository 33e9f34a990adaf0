import type { Entity } from '../entity/entity.js';
import type { LedgerEntryKind } from '../ledger/ledger-entry.js';
import type { LinkedAccount } from '../linked-account/linked-account.js';
import type { Merchant } from '../merchant/merchant.js';
import type { Money } from '../money/money.js';
import type { RailId } from '../rails/rail-id.js';
import type { DeliveryState, WebhookEvent } from '../webhooks/webhook-event.js';
import type { Withdrawal, WithdrawalStatus } from '../withdrawal/withdrawal.js';
import type { Page, PageRequest } from './page.js';

/** Withdrawals a list shows: each field set narrows it; `createdFrom` is inclusive, `createdTo` exclusive. */
export interface WithdrawalFilter {
  readonly merchantId?: string;
  readonly entityId?: string;
  readonly status?: WithdrawalStatus;
  readonly rail?: RailId;
  readonly createdFrom?: Date;
  readonly createdTo?: Date;
  /**
   * Only debited withdrawals that no rail has accepted after `UNRESOLVED_SUBMIT_ATTEMPTS` attempts or more: payouts
   * whose outcome is unknown, for an operator to look up at the provider.
   */
  readonly unresolved?: true;
}

/** Webhook events a list shows; without `merchantId` every merchant's (an operator's list). */
export interface WebhookEventFilter {
  readonly merchantId?: string;
  readonly withdrawalId?: string;
  readonly deliveryState?: DeliveryState;
}

/** One posting of a wallet: its line of a ledger entry, with the wallet's balance once it was posted. */
export interface WalletPosting {
  /** The ledger entry's id. */
  readonly id: string;
  readonly kind: LedgerEntryKind;
  readonly withdrawalId: string | null;
  /** Signed: positive raised the balance. */
  readonly amount: Money;
  /** The sum of the wallet's postings up to and including this one, in posting order. */
  readonly balanceAfter: Money;
  readonly createdAt: Date;
}

/** A linked account without its destination: a list never reads (or decrypts) account and card numbers. */
export type LinkedAccountSummary = Omit<LinkedAccount, 'destination'>;

/**
 * The lists of the API, keyset-paginated (see PageRequest). Rows are ordered by creation time, then id (the ledger
 * by posting order), newest first unless the request asks `asc`. Plain reads: no locks, no writes.
 */
export interface ListReads {
  withdrawals(filter: WithdrawalFilter, page: PageRequest): Promise<Page<Withdrawal>>;
  merchants(page: PageRequest): Promise<Page<Merchant>>;
  entities(merchantId: string, page: PageRequest): Promise<Page<Entity>>;
  linkedAccounts(entityId: string, page: PageRequest): Promise<Page<LinkedAccountSummary>>;
  /** Every merchant's linked accounts that a return marked unusable (`LinkedAccount.unusable`). */
  unusableLinkedAccounts(page: PageRequest): Promise<Page<LinkedAccountSummary>>;
  /**
   * A wallet's postings, each with its running balance computed exactly over every earlier posting; with
   * `withdrawalId`, only that withdrawal's postings (their balances still count every posting before them).
   */
  walletPostings(walletId: string, page: PageRequest, withdrawalId?: string): Promise<Page<WalletPosting>>;
  /** Webhook events with their delivery state, bodies byte for byte as stored. */
  webhookEvents(filter: WebhookEventFilter, page: PageRequest): Promise<Page<WebhookEvent>>;
}
