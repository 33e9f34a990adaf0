import express, { type IRouter } from 'express';
import { BODY_LIMIT, unlessAnswered } from '../app/body-parsing.middleware.js';
import type { HttpAppDeps } from '../app/http-app-deps.js';
import { sendDomainError } from '../errors/response-envelope.js';

/** The body as bytes, whatever its type: the provider's signature covers exactly these, so nothing parses it first. */
const rawBody = unlessAnswered(express.raw({ type: () => true, limit: BODY_LIMIT, inflate: false }));

/**
 * `POST /v1/rails/:provider/webhooks`: a payout provider says a transfer changed. No bearer token: the provider's
 * signature is the authentication (401 in the envelope when it does not verify, nothing changed); 404 for a
 * provider whose webhooks this deployment does not receive. A verified webhook is acknowledged with 200 whether or
 * not it names a withdrawal we hold: the provider has nothing to retry.
 */
export function railWebhookRoutes(router: IRouter, deps: HttpAppDeps): void {
  router.post('/v1/rails/:provider/webhooks', rawBody, async (req, res) => {
    const provider = String(req.params.provider);
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    const body: unknown = req.body;
    const result = await deps.useCases.receiveRailWebhook.execute(provider, {
      rawBody: Buffer.isBuffer(body) ? body : Buffer.alloc(0),
      headers,
    });
    if (!result.ok) {
      if (result.error.code === 'UNAUTHORIZED')
        deps.logger.warn({ provider, detail: result.error.message }, 'provider webhook refused');
      return sendDomainError(res, result.error);
    }
    res.status(200).json({ success: true, data: { withdrawals: result.value.withdrawalIds.length } });
  });
}
