/** A calendar month in UTC; `month` is 1 to 12. */
export interface Month {
  readonly year: number;
  readonly month: number;
}

export const monthOf = (at: Date): Month => ({ year: at.getUTCFullYear(), month: at.getUTCMonth() + 1 });

export const addMonths = ({ year, month }: Month, count: number): Month => {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

/** Negative when `a` comes before `b`. */
export const compareMonths = (a: Month, b: Month): number => a.year * 12 + a.month - (b.year * 12 + b.month);

/** The month's first millisecond. */
export const monthStart = ({ year, month }: Month): Date => new Date(Date.UTC(year, month - 1, 1));

/** `2026-12`. */
export const monthLabel = ({ year, month }: Month): string => `${year}-${String(month).padStart(2, '0')}`;

/** `2026-12` as a month, or null for anything else. */
export function parseMonth(text: string): Month | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match) return null;
  const month = { year: Number(match[1]), month: Number(match[2]) };
  return month.month >= 1 && month.month <= 12 ? month : null;
}

/**
 * The smallest UUIDv7 of the month: its first millisecond in the 48 timestamp bits, zeros after. A UUIDv7 made in
 * the month sorts at or above it and below the next month's, since PostgreSQL compares uuids byte by byte.
 */
export function monthBound(month: Month): string {
  const hex = monthStart(month).getTime().toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/** The key range of the month's rows: from its bound, up to the next month's. */
export const monthRange = (month: Month): { readonly from: string; readonly to: string } => ({
  from: monthBound(month),
  to: monthBound(addMonths(month, 1)),
});
