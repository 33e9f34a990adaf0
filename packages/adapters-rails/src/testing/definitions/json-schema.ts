/** A JSON Schema (draft-07) as the definitions write it: data, checked by Ajv. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * How a provider's client writes nested and list parameters in a query string: `dots` as Increase's SDK does
 * (`created_at.on_or_after=…`, a list comma-separated), `brackets` as Modern Treasury's (`metadata[key]=…`,
 * `key[]=a&key[]=b`), `flat` for plain names.
 */
export type QueryStyle = 'dots' | 'brackets' | 'flat';

/**
 * One operation of a provider's API: its query parameters, its request body and its answers by HTTP status
 * (`2xx` for any success, as an SDK types a success's body but not its status; `default` for the errors).
 */
export interface OperationDefinition {
  /** The query parameters as one object's schema, values coerced to the types it names (a query is text). */
  readonly query?: JsonSchema;
  readonly queryStyle?: QueryStyle;
  /** The request body's schema; a form body (`form: true`) is checked as the object of its fields. */
  readonly request?: JsonSchema;
  readonly form?: boolean;
  readonly answers?: Readonly<Record<string, JsonSchema>>;
}

/**
 * A provider's definition: where it comes from, the object types its answers refer to (`#/definitions/Name`),
 * and its operations by `METHOD /path/{template}`.
 */
export interface ProviderDefinitionSource {
  readonly source: string;
  readonly definitions?: Readonly<Record<string, JsonSchema>>;
  readonly operations: Readonly<Record<string, OperationDefinition>>;
}

export const string = { type: 'string' } as const;
export const integer = { type: 'integer' } as const;

/** An object of these fields and no others: a request the provider's reference defines field by field. */
export const closedObject = (
  properties: Record<string, JsonSchema>,
  required: readonly string[] = [],
): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });

/** An answer: these fields typed as the reference types them; the provider may add fields of its own. */
export const openObject = (
  properties: Record<string, JsonSchema>,
  required: readonly string[] = [],
): JsonSchema => ({
  type: 'object',
  properties,
  required,
});
