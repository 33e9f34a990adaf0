import { type DomainError, domainError } from '@payout/domain';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { TRANSPORT_MESSAGES } from '../errors/error-envelope.js';
import { FAULT_KEYWORD, type JsonSchema, type SchemaFault } from './schema-fault.js';

const ajv = new Ajv({
  allErrors: true,
  verbose: true,
  strict: true,
  strictRequired: false,
  strictTypes: false,
  multipleOfPrecision: 9,
});
addFormats.default(ajv);
ajv.addKeyword({ keyword: FAULT_KEYWORD, schemaType: 'object' });

export type Validate = (value: unknown) => DomainError | null;

/** Every `x-fault` in document order: when several fields fail, the first one in this order is reported. */
function faultsInOrder(schema: unknown, found: SchemaFault[] = []): SchemaFault[] {
  if (Array.isArray(schema)) for (const item of schema) faultsInOrder(item, found);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === FAULT_KEYWORD) found.push(value as SchemaFault);
      else faultsInOrder(value, found);
    }
  }
  return found;
}

function faultOf(error: ErrorObject): SchemaFault | null {
  const parent = error.parentSchema as JsonSchema | undefined;
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    const properties = parent?.properties as Record<string, JsonSchema> | undefined;
    return (properties?.[missing]?.[FAULT_KEYWORD] as SchemaFault | undefined) ?? null;
  }
  return (parent?.[FAULT_KEYWORD] as SchemaFault | undefined) ?? null;
}

/** Compiles a schema once; the returned function reports the first fault as the domain error it stands for. */
export function compileSchema(schema: JsonSchema, fallbackField = 'body'): Validate {
  const validate: ValidateFunction = ajv.compile(schema);
  const order = faultsInOrder(schema).map((f) => f.field);
  return (value) => {
    if (validate(value)) return null;
    const faults = (validate.errors ?? [])
      .map(faultOf)
      .filter((f): f is SchemaFault => f !== null)
      .sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
    const first = faults[0];
    if (first) return domainError(first.code, first.message, { field: first.field });
    return domainError('VALIDATION_ERROR', TRANSPORT_MESSAGES.INVALID_PART(fallbackField), {
      field: fallbackField,
    });
  };
}
