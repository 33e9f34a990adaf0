import { IDS, WEBHOOK_BODY } from './examples.js';
import { ref } from './publish.js';

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

/**
 * OpenAPI 3.1's `webhooks`: what the service POSTs to a merchant's endpoint, signed as Standard Webhooks sign
 * (HMAC-SHA256 of `webhook-id.webhook-timestamp.body` with the endpoint's secret), delivered at least once.
 */
export const WEBHOOKS = {
  withdrawalStatusChanged: {
    post: {
      operationId: 'withdrawalStatusChanged',
      summary: 'A withdrawal changed status',
      description:
        'One event per status change, in `payload.sequence` order per withdrawal. A retry carries the same ' +
        '`webhook-id`: deduplicate on it. Verify the signature before trusting the body, and answer 2xx quickly; ' +
        'any other answer (or none within the timeout) is retried on a backoff schedule, honouring Retry-After.',
      tags: ['Webhooks'],
      security: [],
      parameters: [
        header('webhook-id', 'The event id, the same on every retry of this event.', IDS.event),
        header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed.', '1772460309'),
        header(
          'webhook-signature',
          'Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per active secret (two during a rotation).',
          'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
        ),
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: ref('WebhookBody'), example: WEBHOOK_BODY } },
      },
      responses: {
        200: { description: 'Received: any 2xx status acknowledges the event.' },
        400: { description: 'Refused (for example a bad signature): the event is retried, then given up.' },
      },
    },
  },
};
