const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A UUID in its one spelling (lower case), or null for anything that is not a UUID. PostgreSQL matches a uuid in
 * any letter case but a string comparison, a rate-limit key or an in-memory map does not, so an id that reaches
 * any of them in two spellings would be two principals: ids are made canonical once, where they enter.
 */
export function canonicalUuid(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}

/** An id as a lookup reads it: canonical when it is a UUID, else as sent (the lookup finds nothing for it). */
export const canonicalId = (value: string): string => canonicalUuid(value) ?? value;
