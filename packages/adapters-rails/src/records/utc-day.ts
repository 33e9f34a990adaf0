/** One UTC day as reconciliation reads it: `YYYY-MM-DD`, from its first instant to the next day's, excluded. */
export interface UtcDay {
  readonly day: string;
  readonly start: Date;
  readonly end: Date;
}

const DAY_MS = 86_400_000;

/** The UTC day `day` names, or undefined when it is not a calendar day written `YYYY-MM-DD`. */
export function utcDay(day: string): UtcDay | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day) return undefined;
  return { day, start, end: new Date(start.getTime() + DAY_MS) };
}
