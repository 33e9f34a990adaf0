import { CLIENT_OPERATIONS } from './client.operations.js';
import { COMPONENT_SCHEMAS } from './component.schemas.js';
import { ERROR_ENVELOPE, errorResponses } from './error.responses.js';
import { INVESTIGATION_OPERATIONS, INVESTIGATION_SCHEMAS } from './investigation.operations.js';
import { LINK_OPERATIONS, LINK_RESPONSE_SCHEMAS } from './link.operations.js';
import { LINKED_ACCOUNT_OPERATIONS, LINKED_ACCOUNT_SCHEMAS } from './linked-account.operations.js';
import { type Operation, operationObject, type Tag } from './operation.js';
import { OPERATOR_DIRECTORY_OPERATIONS } from './operator-directory.operations.js';
import { OPERATOR_REVIEW_OPERATIONS } from './operator-review.operations.js';
import { RECONCILIATION_OPERATIONS, RECONCILIATION_SCHEMAS } from './reconciliation.operations.js';
import { REPORT_OPERATIONS } from './reports.operations.js';
import { SYSTEM_OPERATIONS } from './system.operations.js';
import { WEBHOOKS } from './webhooks.section.js';

/** Every operation the API serves, in the order the reference lists them. */
const OPERATIONS: readonly Operation[] = [
  ...CLIENT_OPERATIONS,
  ...LINK_OPERATIONS,
  ...OPERATOR_DIRECTORY_OPERATIONS,
  ...OPERATOR_REVIEW_OPERATIONS,
  ...INVESTIGATION_OPERATIONS,
  ...LINKED_ACCOUNT_OPERATIONS,
  ...RECONCILIATION_OPERATIONS,
  ...REPORT_OPERATIONS,
  ...SYSTEM_OPERATIONS,
];

const TAGS: Readonly<Record<Tag, string>> = {
  Withdrawals: 'Payouts from a SPEND wallet to a linked account (scope external.apis).',
  'Linked accounts': 'Linking payout accounts with an application token.',
  Transactions:
    'Withdrawal status, history and webhook bodies (merchant.apis, or external.apis for its own).',
  Wallets: 'Balances and ledger postings, for the owning entity, its merchant and operators.',
  Webhooks:
    'Events sent to the merchant, their deliveries, redelivery and re-synchronisation (merchant.apis).',
  Operator:
    'Merchants, entities, wallets, tokens, approvals, unusable linked accounts, reconciliation, reports and the audit log (scope operator).',
  Providers: 'Callbacks from payout providers, authenticated by their signatures.',
  Health: 'Probes, metrics and this document.',
};

/** OpenAPI 3.1, built from the very schemas the validator compiles. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, unknown>)[op.method] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payout and Linked-Account Service',
      version: '1.0.0',
      description:
        'Withdrawals to linked payout accounts, account linking, lists, webhooks and the operator API. Every ' +
        'error answers `{success: false, message, fatal: true, code}`; amounts are decimal strings except where ' +
        'the spec prints a JSON number.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: '/', description: 'The service that serves this document' }],
    security: [{ bearer: [] }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    webhooks: WEBHOOKS,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token whose `scope` names operator, merchant.apis or external.apis.',
        },
      },
      schemas: {
        Error: ERROR_ENVELOPE,
        ...COMPONENT_SCHEMAS,
        ...LINK_RESPONSE_SCHEMAS,
        ...INVESTIGATION_SCHEMAS,
        ...LINKED_ACCOUNT_SCHEMAS,
        ...RECONCILIATION_SCHEMAS,
      },
      responses: errorResponses(),
    },
  };
}
