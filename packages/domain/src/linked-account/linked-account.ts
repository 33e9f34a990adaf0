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
