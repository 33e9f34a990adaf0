import type { LinkKind, OptionType } from './link-kind.js';

/**
 * A payout destination tied to an entity's SPEND wallet. `destination` holds the details a rail needs (account
 * numbers included; a card as its vault's token, never its number): the persistence adapter encrypts its
 * sensitive values at rest and no response or log ever carries them; only `lastFourDigits` and
 * `counterPartyName` are shown.
 */
export interface LinkedAccount {
  readonly id: string;
  readonly merchantId: string;
  readonly entityId: string;
  readonly walletId: string;
  readonly kind: LinkKind;
  readonly optionType: OptionType;
  readonly currency: string;
  readonly label: string;
  readonly counterPartyName: string;
  readonly lastFourDigits: string | null;
  /** The application token the account was linked with (the spec's `application` object). */
  readonly applicationTokenId: string;
  readonly destination: Readonly<Record<string, string>>;
  readonly createdAt: Date;
  /**
   * Set when a return said the account cannot receive (closed, unknown, an invalid number): withdrawals to it are
   * refused before any money moves until an operator reinstates it. Null while it is usable.
   */
  readonly unusable: AccountUnusable | null;
  /**
   * The provider's time of the latest correction applied to it (an ACH Notification of Change): a correction as
   * old or older, seen again by a later status check, changes nothing.
   */
  readonly correctedAt: Date | null;
  /**
   * How many account events (`LINKED_ACCOUNT` webhooks) it has had: every change after linking (a correction,
   * marking it unusable, reinstating it) is one, numbered by this, so a stored row as read is the row as changed.
   */
  readonly eventSequence: number;
}

/** Why an account takes no payouts (see `LinkedAccount.unusable`). */
export interface AccountUnusable {
  readonly since: Date;
  /** The provider's code that said so (an ACH return's R02, R03, R04 …), when it gave one. */
  readonly code: string | null;
  /** The withdrawal whose return said so. */
  readonly withdrawalId: string | null;
}

/** Fields of `destination` that are secrets: encrypted at rest and never shown. */
export const SENSITIVE_DESTINATION_FIELDS: ReadonlySet<string> = new Set([
  'accountNumber',
  'routingNumber',
  'cardNumber',
  'cardToken',
  'iban',
  'username',
  'swiftOrBic',
]);

/** The account marked unusable by a return (see `LinkedAccount.unusable`), its change counted. */
export const markUnusable = (
  account: LinkedAccount,
  why: Omit<AccountUnusable, 'since'>,
  now: Date,
): LinkedAccount => ({
  ...account,
  unusable: { since: now, ...why },
  eventSequence: account.eventSequence + 1,
});

/** The account usable again (an operator's reinstatement), its change counted. */
export const reinstate = (account: LinkedAccount): LinkedAccount => ({
  ...account,
  unusable: null,
  eventSequence: account.eventSequence + 1,
});
