import type { CorrectableField } from '../linked-account/account-correction.js';
import type { LinkedAccount } from '../linked-account/linked-account.js';

/**
 * What happened to a linked account, announced as a `LINKED_ACCOUNT` webhook (docs/product.md §7): its details
 * were corrected by its bank (an ACH Notification of Change), a return marked it unusable, or an operator made it
 * usable again.
 */
export const LINKED_ACCOUNT_EVENT_STATUSES = ['CORRECTED', 'UNUSABLE', 'USABLE'] as const;
export type LinkedAccountEventStatus = (typeof LINKED_ACCOUNT_EVENT_STATUSES)[number];

export interface LinkedAccountEventPayload {
  readonly linkedAccountId: string;
  readonly entityId: string;
  readonly walletId: string;
  readonly optionType: string;
  /** The last four digits as they are now (after a correction of the account number, the new ones). */
  readonly lastFourDigits: string | null;
  /** CORRECTED: the destination fields the bank corrected, by their link-body names; empty otherwise. */
  readonly correctedFields: readonly CorrectableField[];
  /** The provider's code: the NOC's change code (C01 …) or the return's (R03 …); null on USABLE. */
  readonly code: string | null;
  /**
   * The withdrawal whose payout brought the news; null on USABLE. Not `transactionId`: this event is about the
   * account, and a receiver that keys withdrawal events by `payload.transactionId` must not take it for one.
   */
  readonly sourceTransactionId: string | null;
  /** Whether withdrawals to the account are accepted now. */
  readonly usable: boolean;
  /** The operator's reason on USABLE, when given; empty otherwise. */
  readonly reason: string;
  /** The account's events are numbered 1, 2, 3 … in the order they happened. */
  readonly sequence: number;
  readonly timestamp: number;
}

export interface LinkedAccountEventBody {
  readonly eventType: 'LINKED_ACCOUNT';
  readonly status: LinkedAccountEventStatus;
  readonly payload: LinkedAccountEventPayload;
}

/** The facts an account event carries besides the account itself. */
export interface LinkedAccountEventFacts {
  readonly correctedFields?: readonly CorrectableField[];
  readonly code?: string | null;
  readonly sourceTransactionId?: string | null;
  readonly reason?: string | null;
}

/** The body of `account`'s event `status`, numbered by its `eventSequence` as changed. */
export const linkedAccountEventBody = (
  account: LinkedAccount,
  status: LinkedAccountEventStatus,
  facts: LinkedAccountEventFacts,
  timestamp: Date,
): LinkedAccountEventBody => ({
  eventType: 'LINKED_ACCOUNT',
  status,
  payload: {
    linkedAccountId: account.id,
    entityId: account.entityId,
    walletId: account.walletId,
    optionType: account.optionType,
    lastFourDigits: account.lastFourDigits,
    correctedFields: facts.correctedFields ?? [],
    code: facts.code ?? null,
    sourceTransactionId: facts.sourceTransactionId ?? null,
    usable: account.unusable === null,
    reason: facts.reason ?? '',
    sequence: account.eventSequence,
    timestamp: timestamp.getTime(),
  },
});
