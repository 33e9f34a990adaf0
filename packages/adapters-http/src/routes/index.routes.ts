import type { IRouter } from 'express';
import { successEnvelope } from '../errors/response-envelope.js';

/** Where a person or a client goes from `/`: the API reference, the operator console, the OpenAPI document. */
export const SERVICE_INDEX = { docs: '/docs', console: '/console', openapi: '/openapi.json' } as const;

const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Payout and Linked-Account Service</title>
  </head>
  <body>
    <h1>Payout and Linked-Account Service</h1>
    <ul>
      <li><a href="${SERVICE_INDEX.docs}">API reference</a></li>
      <li><a href="${SERVICE_INDEX.console}">Operator console</a></li>
      <li><a href="${SERVICE_INDEX.openapi}">OpenAPI document</a></li>
    </ul>
  </body>
</html>
`;

/**
 * `/` only (every other unknown path stays a 404): a browser, which prefers HTML, gets a page of links; any other
 * client (`Accept: application/json`, `*\/*` or none) gets the same links in the API's envelope.
 */
export function indexRoutes(router: IRouter): void {
  router.get('/', (req, res) => {
    res.vary('Accept');
    if (req.accepts(['json', 'html']) === 'html') res.type('html').send(PAGE);
    else res.json(successEnvelope(SERVICE_INDEX));
  });
}
