import { domainError, MESSAGES, type Principal, type Scope, type TokenVerifier } from '@payout/domain';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sendDomainError } from '../errors/response-envelope.js';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

/** The principal that `authenticate` attached to the request. */
export const principalOf = (res: Response): Principal | null =>
  (res.locals.principal as Principal | undefined) ?? null;

const unauthorized = (res: Response) =>
  sendDomainError(res, domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));

/**
 * Verifies `Authorization: Bearer …`. With `required`, a missing header is 401; otherwise a missing header
 * passes without a principal, but a header that is present must be valid (docs/product.md §3 link routes).
 * With `scopes`, the principal needs at least one of them (a missing scope is 401, as the spec says).
 */
export function authenticate(
  verifier: TokenVerifier,
  options: { readonly required: boolean; readonly scopes?: readonly Scope[] },
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    if (header === undefined) {
      if (options.required) return unauthorized(res);
      return next();
    }
    const token = BEARER.exec(header)?.[1];
    if (!token) return unauthorized(res);
    const verified = await verifier.verify(token);
    if (!verified.ok) return unauthorized(res);
    const scopes = options.scopes ?? [];
    if (scopes.length > 0 && !scopes.some((s) => verified.value.scopes.has(s))) return unauthorized(res);
    res.locals.principal = verified.value;
    next();
  };
}

/** For handlers behind a required `authenticate`: a missing principal is a wiring bug, not a client error. */
export function requirePrincipal(res: Response): Principal {
  const principal = principalOf(res);
  if (!principal) throw new Error('authenticate({ required: true }) must run before this handler');
  return principal;
}
