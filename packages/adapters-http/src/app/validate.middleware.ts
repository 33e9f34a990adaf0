import { type DomainError, domainError, JsonNumber } from '@payout/domain';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { RequestHandler } from 'express';
import { sendDomainError, TRANSPORT_MESSAGES } from '../errors/response-envelope.js';
import { FAULT_KEYWORD, type JsonSchema, type SchemaFault } from '../schemas/schema-fault.js';
import { isStorableText, numberSource } from './body-parsing.middleware.js';

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

export type RequestPart = 'params' | 'body' | 'query';

/** Validates one part of the request against a schema compiled once, when the route is declared. */
export function validate(part: RequestPart, schema: JsonSchema): RequestHandler {
  const check = compileSchema(schema, part);
  return (req, res, next) => {
    if (part === 'body' && req.body === undefined) req.body = {};
    // The body's strings were checked as it was parsed (body-parsing.middleware.ts); a query's are checked here.
    if (part === 'query' && !storable(req.query)) return sendDomainError(res, UNSTORABLE_QUERY);
    const problem = check(req[part]);
    if (problem) return sendDomainError(res, problem);
    next();
  };
}

const UNSTORABLE_QUERY = domainError('VALIDATION_ERROR', TRANSPORT_MESSAGES.UNSTORABLE_QUERY_TEXT);

/** Whether every key and string of a parsed query (strings, arrays, nested objects) is text PostgreSQL can store. */
function storable(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (typeof value !== 'object' || value === null) return true;
  return Object.entries(value).every(([key, inner]) => isStorableText(key) && storable(inner));
}

/** The parsed body as the domain's input type; `validate('body', …)` already made it an object. */
export const bodyOf = (req: Parameters<RequestHandler>[0]): Readonly<Record<string, unknown>> =>
  req.body as Readonly<Record<string, unknown>>;

/**
 * The body with each named money field that is a JSON number handed over as its literal (a JsonNumber), so the
 * domain reads the digits the client wrote; the schemas saw the same value as a double, which only bounds it.
 */
export function bodyWithMoney(
  req: Parameters<RequestHandler>[0],
  ...moneyFields: readonly string[]
): Readonly<Record<string, unknown>> {
  const body = bodyOf(req);
  const exact: Record<string, unknown> = { ...body };
  for (const field of moneyFields) {
    const source = numberSource(body, field);
    if (source !== undefined) exact[field] = JsonNumber.of(source);
  }
  return exact;
}
