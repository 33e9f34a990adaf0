import { asArray, asObject, text } from '../http/json-fields.js';
import type { WiseRecipient } from './wise-transfer-request.mapping.js';

/** One field of an account-requirements answer (Wise's `account-requirements-response`): null where unset. */
export interface AccountRequirement {
  readonly key: string;
  readonly name: string;
  readonly required: boolean;
  readonly refresh: boolean;
  readonly minLength: number | null;
  readonly maxLength: number | null;
  readonly pattern: string | null;
  readonly allowed: readonly string[] | null;
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The fields Wise asks for an account of `type` (one requirement group per account type), or null if none. */
export function requirementsOf(answer: unknown, type: string): AccountRequirement[] | null {
  const group = asArray<unknown>(answer)
    .map((entry) => asObject<{ type?: unknown; fields?: unknown }>(entry))
    .find((entry) => text(entry.type) === type);
  if (!group) return null;
  return asArray<unknown>(group.fields).flatMap((field) =>
    asArray<unknown>(asObject<{ group?: unknown }>(field).group).flatMap((raw) => {
      const f = asObject<Record<string, unknown>>(raw);
      const key = text(f.key);
      if (!key) return [];
      const allowed = Array.isArray(f.valuesAllowed)
        ? f.valuesAllowed.flatMap((value) => text(asObject<{ key?: unknown }>(value).key) ?? [])
        : null;
      return [
        {
          key,
          name: text(f.name) ?? key,
          required: f.required === true,
          refresh: f.refreshRequirementsOnChange === true,
          minLength: numberOrNull(f.minLength),
          maxLength: numberOrNull(f.maxLength),
          pattern: text(f.validationRegexp) ?? null,
          allowed,
        },
      ];
    }),
  );
}

/**
 * A requirement's value in the recipient as it would be created: the account's own fields (`accountHolderName`)
 * first, then its `details` by dotted key (`address.country`).
 */
function recipientValue(recipient: WiseRecipient, key: string): string | undefined {
  const top = (recipient as unknown as Record<string, unknown>)[key];
  if (typeof top === 'string') return top.trim() || undefined;
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => asObject<Record<string, unknown>>(node)[part], recipient.details);
  return typeof found === 'string' && found.trim() !== '' ? found.trim() : undefined;
}

/** The fields whose value can bring others (`refreshRequirementsOnChange`) and are set: asked about again. */
export const refreshing = (fields: readonly AccountRequirement[], recipient: WiseRecipient): string[] =>
  fields
    .filter((field) => field.refresh && recipientValue(recipient, field.key) !== undefined)
    .map((f) => f.key);

/** The link body's field each of Wise's `swift_code` keys is written from (wise-transfer-request.mapping.ts). */
function linkFieldOf(key: string, business: boolean): string {
  const fields: Readonly<Record<string, string>> = {
    accountHolderName: business ? 'data.name' : 'data.firstName',
    legalType: 'data.recipientType',
    swiftCode: 'data.swiftOrBic',
    accountNumber: 'data.accountNumber',
    email: 'data.email',
    'address.country': 'data.recipientCountry',
    'address.city': 'data.recipientCity',
    'address.firstLine': 'data.recipientAddress',
    'address.postCode': 'data.recipientPostalCode',
    'address.state': 'data.recipientState',
  };
  return fields[key] ?? 'data';
}

/** A pattern of Wise's, if JavaScript reads it: Wise writes them for Java, and one we cannot read is not judged. */
function patternOf(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/** Why one value breaks its requirement, or null when it meets it. */
function problemOf(field: AccountRequirement, value: string | undefined, at: string): string | null {
  const what = at === 'data' ? `${field.name} (${field.key}), which this link does not carry,` : at;
  if (value === undefined) return field.required ? `${what} is required by Wise for this account` : null;
  if (field.allowed && field.allowed.length > 0 && !field.allowed.includes(value))
    return `${at} is not a value Wise accepts for ${field.name}`;
  if (field.minLength !== null && value.length < field.minLength)
    return `${at} must be at least ${field.minLength} characters for Wise (${field.name})`;
  if (field.maxLength !== null && value.length > field.maxLength)
    return `${at} must be at most ${field.maxLength} characters for Wise (${field.name})`;
  const pattern = field.pattern === null ? null : patternOf(field.pattern);
  if (pattern && !pattern.test(value)) return `${at} is not in the form Wise requires for ${field.name}`;
  return null;
}

/** The first of Wise's requirements the recipient breaks, as the link body's field and why; null when none. */
export function firstBroken(
  fields: readonly AccountRequirement[],
  recipient: WiseRecipient,
): { readonly field: string; readonly message: string } | null {
  const business = recipient.details.legalType === 'BUSINESS';
  for (const field of fields) {
    const at = linkFieldOf(field.key, business);
    const message = problemOf(field, recipientValue(recipient, field.key), at);
    if (message) return { field: at, message };
  }
  return null;
}
