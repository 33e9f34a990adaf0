/** Reading JSON bodies that come from outside: every field is checked where it is read, never trusted to match. */
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The value if it is a JSON object, else an empty one; typed as the shape the caller expects to read. */
export function asObject<T extends object>(value: T | undefined): T;
export function asObject<T extends object>(value: unknown): T;
export function asObject(value: unknown): object {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}

export const asArray = <T>(value: unknown): readonly T[] => (Array.isArray(value) ? (value as T[]) : []);

/** An ISO 8601 timestamp or date as a Date; `undefined` when absent or unreadable. */
export const dateOf = (value: unknown): Date | undefined => {
  const at = text(value);
  const date = at === undefined ? undefined : new Date(at);
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};
