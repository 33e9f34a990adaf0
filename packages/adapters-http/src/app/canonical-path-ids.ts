import type { Express } from 'express';
import { canonicalUuid } from '../ids/canonical-uuid.js';

/** Every path parameter that carries a row's id; the route's schema still refuses one that is not a UUID. */
const ID_PARAMS = ['transactionId', 'linkedAccountId', 'merchantId', 'walletId', 'id'];

/** Lower-cases an id in the path before any handler reads it, as `principalFromClaims` does for tokens. */
export function canonicalPathIds(app: Express): void {
  app.param(ID_PARAMS, (req, _res, next, value: unknown, name: string) => {
    const id = canonicalUuid(value);
    if (id !== null) req.params[name] = id;
    next();
  });
}
