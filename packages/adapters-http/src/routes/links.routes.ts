import {
  isLinkKind,
  LINK_KINDS,
  LINK_KINDS_REQUIRING_ACCESS_TOKEN,
  type LinkedAccountView,
  type LinkKind,
} from '@payout/domain';
import type { IRouter, RequestHandler } from 'express';
import { parseJson, requireJsonBody } from '../app/body-parsing.middleware.js';
import { routeNotFound } from '../app/error-handler.middleware.js';
import type { HttpAppDeps } from '../app/http-app-deps.js';
import { bodyOf, compileSchema, validate } from '../app/validate.middleware.js';
import { authenticate, principalOf } from '../auth/authenticate.middleware.js';
import { respond, sendDomainError } from '../errors/response-envelope.js';
import { linkBodySchema, linkParamsSchema } from '../schemas/links.schemas.js';

const LINK_PATH = '/v1/ext/application-token/:token/linked-accounts/:currency/link/:kind/:step';

/** The spec's three response shapes (endpoints 2, 3 and 4–6). */
function linkResponse(view: LinkedAccountView): unknown {
  const account = view.linkedAccount;
  if (view.style === 'id-only') return { success: true, message: view.message, data: { id: account.id } };
  if (view.style === 'zelle')
    return {
      data: {
        type: 'completed',
        message: view.message,
        data: {
          id: account.id,
          currency: account.currency,
          optionType: 'zelle',
          counterPartyName: account.counterPartyName,
          wallet: account.wallet,
          entity: { id: account.entity.id, entityType: account.entity.entityType },
        },
      },
    };
  const { id, currency, optionType, counterPartyName, createdAt, wallet, entity, application } = account;
  return {
    data: {
      type: 'completed',
      message: view.message,
      data: {
        id,
        currency,
        optionType,
        counterPartyName,
        createdAt,
        account: account.account,
        wallet,
        entity,
        application,
      },
    },
  };
}

const kindOf = (req: Parameters<RequestHandler>[0]): LinkKind => req.params.kind as LinkKind;

/** Spec endpoints 2–6 and docs/product.md's bank/card extensions; a bearer token is required for 2 and 3 only. */
export function linkRoutes(router: IRouter, deps: HttpAppDeps): void {
  const required = authenticate(deps.tokenVerifier, { required: true, scopes: ['external.apis'] });
  const optional = authenticate(deps.tokenVerifier, { required: false, scopes: ['external.apis'] });
  const bodies = new Map(LINK_KINDS.map((kind) => [kind, compileSchema(linkBodySchema(kind), 'body')]));
  // An unknown kind is a path that does not exist: answered here, since leaving the router would reach Express's
  // HTML page, which repeats the path and with it the application token.
  const knownKind: RequestHandler = (req, res, next) =>
    isLinkKind(String(req.params.kind)) ? next() : routeNotFound(req, res, next);
  const auth: RequestHandler = (req, res, next) =>
    (LINK_KINDS_REQUIRING_ACCESS_TOKEN.has(kindOf(req)) ? required : optional)(req, res, next);
  const body: RequestHandler = (req, res, next) => {
    const check = bodies.get(kindOf(req));
    if (!check) throw new Error(`no body schema for link kind ${kindOf(req)}`);
    const problem = check(req.body ?? {});
    if (problem) return sendDomainError(res, problem);
    next();
  };
  router.post(
    LINK_PATH,
    knownKind,
    auth,
    requireJsonBody,
    parseJson,
    validate('params', linkParamsSchema),
    body,
    async (req, res) => {
      const { token, currency, step } = req.params as Record<string, string>;
      const result = await deps.useCases.linkAccount.execute({
        principal: principalOf(res),
        applicationToken: token as string,
        currency: currency as string,
        kind: kindOf(req),
        step: step as string,
        body: bodyOf(req),
      });
      respond(res, result, linkResponse);
    },
  );
}
