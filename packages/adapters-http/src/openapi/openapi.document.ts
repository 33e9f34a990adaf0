import { LINK_KINDS } from '@payout/domain';
import { linkBodySchema, linkParamsSchema } from '../schemas/links.schemas.js';
import * as operator from '../schemas/operator.schemas.js';
import { FAULT_KEYWORD, type JsonSchema } from '../schemas/schema-fault.js';
import { transactionParamsSchema } from '../schemas/transactions.schemas.js';
import { withdrawalBodySchema, withdrawalParamsSchema } from '../schemas/withdrawals.schemas.js';

interface Operation {
  readonly method: 'get' | 'post' | 'put' | 'patch';
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly security: 'bearer' | 'optional' | 'none';
  readonly params?: JsonSchema;
  readonly query?: JsonSchema;
  readonly body?: JsonSchema;
  readonly errors: readonly number[];
}

/** The validator's annotations are not part of the published schema. */
function publish(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(publish);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== FAULT_KEYWORD)
      .map(([key, value]) => [key, publish(value)]),
  );
}

const linkBody = (): JsonSchema => ({
  oneOf: LINK_KINDS.map((kind) => ({ title: kind, ...(publish(linkBodySchema(kind)) as JsonSchema) })),
});

const OPERATIONS: readonly Operation[] = [
  {
    method: 'post',
    path: '/v1/ext/linked-accounts/{currency}/{linkedAccountId}/withdrawal',
    summary: 'Withdraw to a linked account (1 request per minute per entity and client IP)',
    tag: 'Withdrawals',
    security: 'bearer',
    params: withdrawalParamsSchema,
    body: withdrawalBodySchema,
    errors: [400, 401, 403, 404, 413, 415, 429, 500],
  },
  {
    method: 'post',
    path: '/v1/ext/application-token/{token}/linked-accounts/{currency}/link/{kind}/{step}',
    summary: `Link a payout account; kind is one of ${LINK_KINDS.join(', ')}. Bearer required for international_bank and zelle.`,
    tag: 'Linked accounts',
    security: 'optional',
    params: linkParamsSchema,
    body: linkBody(),
    errors: [400, 401, 404, 413, 415],
  },
  {
    method: 'get',
    path: '/v1/transactions/{transactionId}/webhook-payload',
    summary: 'Get the current webhook payload of a withdrawal (scope merchant.apis)',
    tag: 'Transactions',
    security: 'bearer',
    params: transactionParamsSchema,
    errors: [400, 401, 404, 422],
  },
  {
    method: 'get',
    path: '/v1/transactions/{transactionId}',
    summary: 'Get the status and history of a withdrawal',
    tag: 'Transactions',
    security: 'bearer',
    params: transactionParamsSchema,
    errors: [400, 401, 404],
  },
  ...operatorOperations(),
  { method: 'get', path: '/healthz', summary: 'Process is up', tag: 'Health', security: 'none', errors: [] },
  {
    method: 'get',
    path: '/readyz',
    summary: 'Dependencies are reachable',
    tag: 'Health',
    security: 'none',
    errors: [503],
  },
];

function operatorOperations(): Operation[] {
  const op = (
    method: Operation['method'],
    path: string,
    summary: string,
    extra: Partial<Operation>,
  ): Operation => ({
    method,
    path: `/v1/operator${path}`,
    summary,
    tag: 'Operator',
    security: 'bearer',
    errors: [400, 401, 404],
    ...extra,
  });
  return [
    op('post', '/merchants', 'Create a merchant with its MERCHANT wallet', {
      body: operator.createMerchantSchema,
    }),
    op('patch', '/merchants/{merchantId}', 'Update merchant settings', {
      params: operator.merchantParamsSchema,
      body: operator.updateMerchantSchema,
    }),
    op('put', '/merchants/{merchantId}/webhook-endpoint', 'Register or rotate the webhook endpoint', {
      params: operator.merchantParamsSchema,
      body: operator.webhookEndpointSchema,
    }),
    op('post', '/merchants/{merchantId}/entities', 'Create an entity with its SPEND wallet', {
      params: operator.merchantParamsSchema,
      body: operator.createEntitySchema,
    }),
    op('post', '/wallets/{walletId}/credits', 'Credit a wallet', {
      params: operator.walletParamsSchema,
      body: operator.creditWalletSchema,
    }),
    op('patch', '/wallets/{walletId}', 'Enable or disable a wallet', {
      params: operator.walletParamsSchema,
      body: operator.updateWalletSchema,
    }),
    op('post', '/application-tokens', 'Issue an application token', {
      body: operator.issueApplicationTokenSchema,
    }),
    op('post', '/withdrawals/{id}/approve', 'Approve a withdrawal awaiting approval', {
      params: operator.withdrawalIdParamsSchema,
      body: operator.decideWithdrawalSchema,
      errors: [400, 401, 404, 409, 500],
    }),
    op('post', '/withdrawals/{id}/reject', 'Reject a withdrawal awaiting approval', {
      params: operator.withdrawalIdParamsSchema,
      body: operator.decideWithdrawalSchema,
      errors: [400, 401, 404, 409],
    }),
    op('get', '/webhook-deliveries', 'List the webhook deliveries of a transaction', {
      query: operator.listDeliveriesQuerySchema,
    }),
    op('post', '/webhook-deliveries/{id}/redeliver', 'Redeliver a webhook event', {
      params: operator.deliveryParamsSchema,
    }),
    op('get', '/audit-log', 'List operator actions, newest first', {
      query: operator.auditLogQuerySchema,
    }),
  ];
}

const parameters = (where: 'path' | 'query', schema: JsonSchema | undefined) => {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: publish(s),
  }));
};

const errorResponse = { $ref: '#/components/responses/Error' };

/** OpenAPI 3.1, built from the very schemas the validator compiles. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const o of OPERATIONS) {
    const responses: Record<string, unknown> = { 200: { description: 'Success' } };
    for (const status of o.errors) responses[status] = errorResponse;
    paths[o.path] ??= {};
    (paths[o.path] as Record<string, unknown>)[o.method] = {
      summary: o.summary,
      tags: [o.tag],
      ...(o.security === 'bearer' ? { security: [{ bearer: [] }] } : {}),
      ...(o.security === 'optional' ? { security: [{ bearer: [] }, {}] } : {}),
      ...(o.security === 'none' ? { security: [] } : {}),
      parameters: [...parameters('path', o.params), ...parameters('query', o.query)],
      ...(o.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: publish(o.body) } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payout and Linked-Account Service',
      version: '1.0.0',
      description:
        'Withdrawals to linked payout accounts, account linking, webhook payloads and the operator API.',
    },
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      responses: {
        Error: {
          description: 'Error in the spec envelope',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  success: { const: false },
                  message: { type: 'string' },
                  fatal: { const: true },
                  code: { type: 'string' },
                },
                required: ['success', 'message', 'fatal', 'code'],
              },
            },
          },
        },
      },
    },
    paths,
  };
}
