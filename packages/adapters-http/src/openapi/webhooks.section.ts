import { IDS, WEBHOOK_BODY } from './examples.js';
import { LINKED_ACCOUNT_EVENT_BODY } from './linked-account.operations.js';
import { ref } from './publish.js';

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const DELIVERY_RULES =
  'A retry carries the same `webhook-id`: deduplicate on it. Verify the signature before trusting the body, and ' +
  'answer 2xx quickly; any other answer (or none within the timeout) is retried on a backoff schedule, honouring ' +
  'Retry-After.';

/** One webhook: its headers, body and answers, as every event is sent. */
const webhook = (
  operationId: string,
  summary: string,
  description: string,
  schema: string,
  example: unknown,
) => ({
  post: {
    operationId,
    summary,
    description: `${description} ${DELIVERY_RULES}`,
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
    requestBody: { required: true, content: { 'application/json': { schema: ref(schema), example } } },
    responses: {
      200: { description: 'Received: any 2xx status acknowledges the event.' },
      400: { description: 'Refused (for example a bad signature): the event is retried, then given up.' },
    },
  },
});

/**
 * OpenAPI 3.1's `webhooks`: what the service POSTs to a merchant's endpoint, signed as Standard Webhooks sign
 * (HMAC-SHA256 of `webhook-id.webhook-timestamp.body` with the endpoint's secret), delivered at least once.
 * `eventType` tells the two kinds apart.
 */
export const WEBHOOKS = {
  withdrawalStatusChanged: webhook(
    'withdrawalStatusChanged',
    'A withdrawal changed status',
    'One event per status change (`eventType` WITHDRAWAL), in `payload.sequence` order per withdrawal.',
    'WebhookBody',
    WEBHOOK_BODY,
  ),
  linkedAccountChanged: webhook(
    'linkedAccountChanged',
    'A linked account was corrected, marked unusable or reinstated',
    'One event per change of a linked account after linking (`eventType` LINKED_ACCOUNT), in `payload.sequence` ' +
      'order per account: its bank corrected its details (CORRECTED, applied here: update any copy you keep), a ' +
      'return said it cannot receive (UNUSABLE: withdrawals to it answer 409 LINKED_ACCOUNT_UNUSABLE; ask the user ' +
      'for another account), or an operator reinstated it (USABLE).',
    'LinkedAccountEventBody',
    LINKED_ACCOUNT_EVENT_BODY,
  ),
};
