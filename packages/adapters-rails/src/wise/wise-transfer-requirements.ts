import { asArray, asObject, text } from '../http/json-fields.js';

/** The conditionally required transfer fields this service can fill, from configuration. */
type WiseTransferDetailKey = 'sourceOfFunds' | 'transferPurpose' | 'transferPurposeSubTransferPurpose';
export type WiseTransferDetails = Readonly<Partial<Record<WiseTransferDetailKey, string>>>;

/** The `details` of a transfer: its reference and the requirement fields filled so far. */
export type TransferDetails = Readonly<Record<string, string>>;

interface RequirementField {
  readonly key?: unknown;
  readonly required?: unknown;
  readonly maxLength?: unknown;
  readonly refreshRequirementsOnChange?: unknown;
  readonly valuesAllowed?: unknown;
}

/** Every field of a transfer-requirements answer: a list of requirement types, each of fields in groups. */
const fieldsOf = (answer: unknown): RequirementField[] =>
  asArray<unknown>(answer).flatMap((requirement) =>
    asArray<unknown>(asObject<{ fields?: unknown }>(requirement).fields).flatMap((field) =>
      asArray<RequirementField>(asObject<{ group?: unknown }>(field).group).map((f) => asObject(f)),
    ),
  );

export type Filled =
  | { readonly kind: 'FILLED'; readonly details: TransferDetails; readonly askAgain: boolean }
  | { readonly kind: 'LACKING'; readonly detail: string };

/**
 * The transfer's details once Wise's requirements for its route are met (POST /v1/transfer-requirements; docs.wise.com
 * "Transfer requirements"): each required field not yet given is filled from configuration, checked against the
 * values Wise allows; the reference is cut to the length Wise allows on the route. `askAgain` when a field was
 * added whose value can bring further fields (`refreshRequirementsOnChange`). A required field nobody configured,
 * or a configured value Wise does not allow, is LACKING, naming the field.
 */
export function fillRequirements(
  answer: unknown,
  details: TransferDetails,
  configured: WiseTransferDetails,
): Filled {
  const filled: Record<string, string> = { ...details };
  let askAgain = false;
  for (const field of fieldsOf(answer)) {
    const key = text(field.key);
    if (!key) continue;
    const maxLength = typeof field.maxLength === 'number' ? field.maxLength : undefined;
    if (key === 'reference' && filled.reference && maxLength)
      filled.reference = filled.reference.slice(0, maxLength);
    if (field.required !== true || filled[key]) continue;
    const value = configured[key as WiseTransferDetailKey];
    if (!value)
      return { kind: 'LACKING', detail: `Wise requires ${key} for this route and none is configured` };
    const allowed = Array.isArray(field.valuesAllowed)
      ? field.valuesAllowed.map((allowedValue) => text(asObject<{ key?: unknown }>(allowedValue).key))
      : null;
    if (allowed && !allowed.includes(value))
      return { kind: 'LACKING', detail: `Wise does not allow the configured ${key} on this route` };
    filled[key] = value;
    askAgain ||= field.refreshRequirementsOnChange === true;
  }
  return { kind: 'FILLED', details: filled, askAgain };
}
