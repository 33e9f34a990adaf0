const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A provider-day (`YYYY-MM-DD`, UTC) as the instants it spans: [from, to). Null when it is not such a day. */
export function dayBounds(day: string): { readonly from: Date; readonly to: Date } | null {
  if (!DAY.test(day)) return null;
  const from = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(from.getTime()) || from.toISOString().slice(0, 10) !== day) return null;
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** The UTC day `daysBefore` days before the one `now` falls in (1: yesterday). */
export const dayBefore = (now: Date, daysBefore: number): string =>
  new Date(now.getTime() - daysBefore * DAY_MS).toISOString().slice(0, 10);
