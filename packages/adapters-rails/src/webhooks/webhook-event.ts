import { parseJson } from '../http/fetch-transport.js';
import { asObject } from '../http/json-fields.js';

/** A provider's event body as a JSON object, read only once its signature verified; empty when not JSON. */
export function eventOf<T extends object>(rawBody: Buffer): T {
  return asObject<T>(parseJson(rawBody.toString('utf8')));
}

/** An id as providers send it (a string, or Wise's integer), as the rail reference we store; else undefined. */
function referenceOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined;
}

/** The distinct references found, in order, without the missing ones. */
export const referencesOf = (...values: unknown[]): string[] => [
  ...new Set(values.map(referenceOf).filter((value): value is string => value !== undefined)),
];
