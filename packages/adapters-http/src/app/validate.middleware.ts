import { domainError, JsonNumber } from '@payout/domain';
import type { RequestHandler } from 'express';
import { sendDomainError, TRANSPORT_MESSAGES } from '../errors/error-envelope.js';
import type { JsonSchema } from '../schemas/schema-fault.js';
import { compileSchema } from '../schemas/schema-validator.js';
import { isStorableText, numberSource } from './exact-json.parser.js';

export type RequestPart = 'params' | 'body' | 'query';

/** Validates one part of the request against a schema compiled once, when the route is declared. */
export function validate(part: RequestPart, schema: JsonSchema): RequestHandler {
  const check = compileSchema(schema, part);
  return (req, res, next) => {
    if (part === 'body' && req.body === undefined) req.body = {};
    // The body's strings were checked as it was parsed (exact-json.parser.ts); a query's are checked here.
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
