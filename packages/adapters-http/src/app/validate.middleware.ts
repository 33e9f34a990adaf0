import type { RequestHandler } from 'express';
import { sendDomainError } from '../errors/error-envelope.js';
import type { JsonSchema } from '../schemas/schema-fault.js';
import { compileSchema } from '../schemas/schema-validator.js';

export type RequestPart = 'params' | 'body' | 'query';

/** Validates one part of the request against a schema compiled once, when the route is declared. */
export function validate(part: RequestPart, schema: JsonSchema): RequestHandler {
  const check = compileSchema(schema, part);
  return (req, res, next) => {
    if (part === 'body' && req.body === undefined) req.body = {};
    const problem = check(req[part]);
    if (problem) return sendDomainError(res, problem);
    next();
  };
}

/** The parsed body as the domain's input type; `validate('body', …)` already made it an object. */
export const bodyOf = (req: Parameters<RequestHandler>[0]): Readonly<Record<string, unknown>> =>
  req.body as Readonly<Record<string, unknown>>;
