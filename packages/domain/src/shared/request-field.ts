import { parsePositiveAmount, tooLargeMessage } from '../money/money.js';
import type { ErrorCode } from './domain-error.js';

/**
 * What a request field must be. The domain checks a value with `fieldFault`; the HTTP adapter publishes and checks
 * the same rule as JSON Schema, generated from it, so a rule and its message are written once.
 */
export type FieldRule =
  /** This string and no other. */
  | { readonly kind: 'exactly'; readonly value: string }
  /** A UUID in any letter case. */
  | { readonly kind: 'uuid' }
  /** A JSON number greater than 0 with at most two decimal places (and at most Money.MAX). */
  | { readonly kind: 'amount' }
  /** One of these strings. */
  | { readonly kind: 'one-of'; readonly values: readonly string[] }
  /** Must not be sent at all. */
  | { readonly kind: 'absent' }
  /** A string of at most `maxLength` characters, or null. */
  | { readonly kind: 'text'; readonly maxLength: number };

export interface RequestField {
  /** Where the field travels: a path parameter or a property of the JSON body. */
  readonly in: 'path' | 'body';
  /** Whether leaving it out breaks its rule; an optional field left out passes whatever its rule. */
  readonly required: boolean;
  readonly rule: FieldRule;
  /** The error a value that breaks the rule is answered with. */
  readonly code: ErrorCode;
  readonly message: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

function meets(rule: FieldRule, value: unknown): boolean {
  switch (rule.kind) {
    case 'exactly':
      return value === rule.value;
    case 'uuid':
      return isUuid(value);
    case 'amount':
      return parsePositiveAmount(value, false).ok;
    case 'one-of':
      return typeof value === 'string' && rule.values.includes(value);
    case 'absent':
      return false;
    case 'text':
      return value === null || (typeof value === 'string' && value.length <= rule.maxLength);
  }
}

/**
 * The message `value` is refused with under `field`'s rule, or null when it meets it. An amount above Money.MAX
 * has its own message: JSON Schema cannot see it (the schema reads a double), so only the domain refuses it.
 */
export function fieldFault(name: string, field: RequestField, value: unknown): string | null {
  if (value === undefined) return field.required ? field.message : null;
  if (meets(field.rule, value)) return null;
  const amount = field.rule.kind === 'amount' ? parsePositiveAmount(value, false) : null;
  return amount && !amount.ok && amount.error === 'TOO_LARGE' ? tooLargeMessage(name) : field.message;
}
