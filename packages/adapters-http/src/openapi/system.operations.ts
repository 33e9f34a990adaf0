import { SERVICE_INDEX } from '../routes/index.routes.js';
import type { ErrorStatus } from './error.responses.js';
import type { Operation } from './operation.js';
import { ref, success } from './publish.js';

/** Any path answers 400 to a request that is not valid HTTP (or whose path cannot be decoded). */
const MALFORMED_ONLY: readonly ErrorStatus[] = [400];

/** Routes a provider or an orchestrator calls. */
export const SYSTEM_OPERATIONS: readonly Operation[] = [
  {
    operationId: 'receiveRailWebhook',
    method: 'post',
    path: '/v1/rails/{provider}/webhooks',
    summary: 'Receive a payout provider webhook',
    description:
      "Authenticated by the provider's signature over the raw body (no bearer token). A verified webhook is " +
      'acknowledged with 200 whether or not it names a withdrawal of this service.',
    tag: 'Providers',
    security: 'none',
    params: {
      type: 'object',
      properties: {
        provider: { type: 'string', description: 'The provider id, such as `increase` or `paypal`.' },
      },
      required: ['provider'],
    },
    paramExamples: { provider: 'increase' },
    ok: {
      status: 200,
      description: 'Verified and applied',
      schema: success({
        type: 'object',
        properties: {
          withdrawals: { type: 'integer', minimum: 0, description: 'How many withdrawals it moved.' },
        },
        required: ['withdrawals'],
      }),
      example: { success: true, data: { withdrawals: 1 } },
    },
    errors: [401, 404, 413, 503],
  },
  {
    operationId: 'getHealth',
    method: 'get',
    path: '/healthz',
    summary: 'The process is up',
    tag: 'Health',
    security: 'none',
    ok: {
      status: 200,
      description: 'Up',
      schema: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] },
      example: { status: 'ok' },
    },
    errors: MALFORMED_ONLY,
  },
  {
    operationId: 'getReadiness',
    method: 'get',
    path: '/readyz',
    summary: 'Dependencies are reachable',
    description:
      '503 `unavailable` when a required dependency is down; 200 `degraded` when only an optional one is.',
    tag: 'Health',
    security: 'none',
    ok: {
      status: 200,
      description: 'Ready or degraded',
      schema: ref('Readiness'),
      example: { status: 'ready', checks: { postgres: { ok: true }, redis: { ok: true, required: false } } },
    },
    errors: MALFORMED_ONLY,
    otherResponses: {
      503: {
        description: 'A required dependency is down',
        content: {
          'application/json': {
            schema: ref('Readiness'),
            example: {
              status: 'unavailable',
              checks: { postgres: { ok: false, detail: 'connection refused' } },
            },
          },
        },
      },
    },
  },
  {
    operationId: 'getMetrics',
    method: 'get',
    path: '/metrics',
    summary: 'Prometheus metrics of the process',
    tag: 'Health',
    security: 'none',
    ok: {
      status: 200,
      description: 'The Prometheus text exposition',
      contentType: 'text/plain',
      schema: { type: 'string' },
      example:
        '# TYPE payout_http_requests_total counter\npayout_http_requests_total{method="GET",route="/healthz",status="200"} 1\n',
    },
    errors: MALFORMED_ONLY,
  },
  {
    operationId: 'getServiceIndex',
    method: 'get',
    path: '/',
    summary: 'Where the API reference, the operator console and this document are',
    description:
      'A client (`Accept: application/json`, `*/*` or none) gets the links in the envelope; a browser, which ' +
      'prefers `text/html`, gets a page of the same links.',
    tag: 'Health',
    security: 'none',
    ok: {
      status: 200,
      description: 'The links',
      schema: success({
        type: 'object',
        properties: {
          docs: { const: SERVICE_INDEX.docs },
          console: { const: SERVICE_INDEX.console },
          openapi: { const: SERVICE_INDEX.openapi },
        },
        required: ['docs', 'console', 'openapi'],
      }),
      example: { success: true, data: SERVICE_INDEX },
    },
    errors: MALFORMED_ONLY,
  },
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    tag: 'Health',
    security: 'none',
    ok: {
      status: 200,
      description: 'The OpenAPI 3.1 document',
      schema: { type: 'object' },
      example: { openapi: '3.1.0', info: { title: 'Payout and Linked-Account Service', version: '1.0.0' } },
    },
    errors: MALFORMED_ONLY,
  },
];
