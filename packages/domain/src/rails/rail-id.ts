export const RAIL_IDS = ['ACH', 'RTP', 'WIRE', 'SWIFT', 'PUSH_TO_CARD', 'ZELLE', 'PAYPAL', 'VENMO'] as const;
export type RailId = (typeof RAIL_IDS)[number];

/** Rails whose acceptance is followed by a settlement wait shown as PROCESSING_PAY_OUT (docs/product.md §6). */
export const RAILS_WITH_PROCESSING_STATE: ReadonlySet<RailId> = new Set<RailId>(['ACH', 'RTP']);

/** The webhook `method` of each rail. */
export const RAIL_METHOD: Readonly<Record<RailId, string>> = {
  ACH: 'BANK_TRANSFER',
  RTP: 'REAL_TIME_PAYMENT',
  WIRE: 'WIRE_TRANSFER',
  SWIFT: 'INTERNATIONAL_TRANSFER',
  PUSH_TO_CARD: 'PUSH_TO_CARD',
  ZELLE: 'ZELLE',
  PAYPAL: 'PAYPAL',
  VENMO: 'VENMO',
};
