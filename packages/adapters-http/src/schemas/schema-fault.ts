import type { ErrorCode } from '@payout/domain';

/**
 * The domain error a schema failure stands for, written on the property schema it guards (`x-fault`), so the
 * validator answers the same code and message as the use case would for the same fault.
 */
export interface SchemaFault {
  readonly field: string;
  readonly code: ErrorCode;
  readonly message: string;
}

export const FAULT_KEYWORD = 'x-fault';

export type JsonSchema = Readonly<Record<string, unknown>>;

export const fault = (field: string, message: string, code: ErrorCode = 'VALIDATION_ERROR') => ({
  [FAULT_KEYWORD]: { field, code, message } satisfies SchemaFault,
});

/** A non-blank string of at most `max` characters, as the domain's checks define it. */
export const text = (field: string, message: string, max = 200): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength: max,
  pattern: '\\S',
  ...fault(field, message),
});

export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const uuidParam = (field: string, message: string, code: ErrorCode): JsonSchema => ({
  type: 'string',
  pattern: UUID_PATTERN,
  ...fault(field, message, code),
});

/** An object schema whose unknown properties are ignored, as docs/product.md §5 asks. */
export const object = (
  properties: Readonly<Record<string, JsonSchema | boolean>>,
  required: readonly string[] = [],
  extra: JsonSchema = {},
): JsonSchema => ({ type: 'object', properties, required, ...extra });

/** A property that must not be sent at all. */
export const forbidden = (field: string, message: string, code: ErrorCode): JsonSchema => ({
  not: {},
  ...fault(field, message, code),
});
