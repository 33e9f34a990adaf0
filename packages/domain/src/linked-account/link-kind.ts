/** The link path segments of the spec and docs/product.md §4. */
export const LINK_KINDS = [
  'bank',
  'international_bank',
  'card',
  'prepaid_card',
  'zelle',
  'paypal',
  'venmo',
] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export type OptionType = 'bank' | 'international_bank' | 'card' | 'zelle' | 'paypal' | 'venmo';
export type AccountClass = 'BANK' | 'CARD' | 'ZELLE' | 'WALLET';

export const OPTION_TYPE: Readonly<Record<LinkKind, OptionType>> = {
  bank: 'bank',
  international_bank: 'international_bank',
  card: 'card',
  prepaid_card: 'card',
  zelle: 'zelle',
  paypal: 'paypal',
  venmo: 'venmo',
};

export const ACCOUNT_CLASS: Readonly<Record<LinkKind, AccountClass>> = {
  bank: 'BANK',
  international_bank: 'BANK',
  card: 'CARD',
  prepaid_card: 'CARD',
  zelle: 'ZELLE',
  paypal: 'WALLET',
  venmo: 'WALLET',
};

/** Endpoints 2 and 3 answer in their own shapes; every other kind answers like endpoint 4 (card style). */
export type LinkResponseStyle = 'id-only' | 'zelle' | 'card';
export const LINK_RESPONSE_STYLE: Readonly<Record<LinkKind, LinkResponseStyle>> = {
  bank: 'card',
  international_bank: 'id-only',
  card: 'card',
  prepaid_card: 'card',
  zelle: 'zelle',
  paypal: 'card',
  venmo: 'card',
};

/** Link kinds whose spec operation requires a bearer access token besides the application token. */
export const LINK_KINDS_REQUIRING_ACCESS_TOKEN: ReadonlySet<LinkKind> = new Set<LinkKind>([
  'international_bank',
  'zelle',
]);

export const isLinkKind = (value: string): value is LinkKind =>
  (LINK_KINDS as readonly string[]).includes(value);
