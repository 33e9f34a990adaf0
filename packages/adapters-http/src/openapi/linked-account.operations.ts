import { CORRECTABLE_FIELDS, LINK_KINDS, LINKED_ACCOUNT_EVENT_STATUSES, OPTION_TYPE } from '@payout/domain';
import { operatorLinkedAccountsQuerySchema } from '../schemas/lists.schemas.js';
import * as operator from '../schemas/operator.schemas.js';
import type { JsonSchema } from '../schemas/schema-fault.js';
import { CREATED_AT, IDS } from './examples.js';
import type { Operation } from './operation.js';
import { data, op, pageOf } from './operator-operation.js';
import { page, ref, success } from './publish.js';

const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});
const uuid: JsonSchema = { type: 'string', format: 'uuid' };
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const dateTime: JsonSchema = { type: 'string', format: 'date-time' };

const UNUSABLE = { since: '2026-03-04T09:12:40.000Z', code: 'R03', transactionId: IDS.withdrawal };

/** A linked account as an operator sees it, unusable, then reinstated. */
const ACCOUNT = {
  id: IDS.linkedAccount,
  merchantId: IDS.merchant,
  entityId: IDS.entity,
  kind: 'bank',
  optionType: 'bank',
  currency: 'USD',
  label: 'Payroll checking',
  counterPartyName: 'Ada Lovelace',
  lastFourDigits: '3498',
  createdAt: CREATED_AT,
  unusable: UNUSABLE,
  correctedAt: null,
};

/** A `LINKED_ACCOUNT` webhook: a return marked the account unusable. */
export const LINKED_ACCOUNT_EVENT_BODY = {
  eventType: 'LINKED_ACCOUNT',
  status: 'UNUSABLE',
  payload: {
    linkedAccountId: IDS.linkedAccount,
    entityId: IDS.entity,
    walletId: IDS.wallet,
    optionType: 'bank',
    lastFourDigits: '3498',
    correctedFields: [],
    code: 'R03',
    sourceTransactionId: IDS.withdrawal,
    usable: false,
    reason: 'Recipient account not found.',
    sequence: 1,
    timestamp: 1772615560000,
  },
};

/** Dead accounts and corrections: the account view, the account event, and the operator's routes. */
export const LINKED_ACCOUNT_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  UnusableAccount: {
    ...object({
      since: dateTime,
      code: { type: ['string', 'null'], description: "The provider's code of the return (R03 …)." },
      transactionId: { ...nullable(uuid), description: 'The withdrawal whose return marked it.' },
    }),
    description: 'Why withdrawals to the account are refused (409 LINKED_ACCOUNT_UNUSABLE) until reinstated.',
  },
  OperatorLinkedAccount: object({
    id: uuid,
    merchantId: uuid,
    entityId: uuid,
    kind: { type: 'string', enum: [...LINK_KINDS] },
    optionType: { type: 'string', enum: [...new Set(Object.values(OPTION_TYPE))] },
    currency: { const: 'USD' },
    label: { type: 'string' },
    counterPartyName: { type: 'string' },
    lastFourDigits: { type: ['string', 'null'], description: 'Masked: never the whole number.' },
    createdAt: dateTime,
    unusable: nullable(ref('UnusableAccount')),
    correctedAt: {
      ...nullable(dateTime),
      description: "When its bank's latest correction of its details (an ACH NOC) was recorded.",
    },
  }),
  LinkedAccountEventBody: object({
    eventType: { const: 'LINKED_ACCOUNT' },
    status: {
      type: 'string',
      enum: [...LINKED_ACCOUNT_EVENT_STATUSES],
      description:
        'CORRECTED: its bank corrected its details (an ACH Notification of Change), applied here; UNUSABLE: a ' +
        'return said it cannot receive, and withdrawals to it are refused; USABLE: an operator reinstated it.',
    },
    payload: object({
      linkedAccountId: uuid,
      entityId: uuid,
      walletId: uuid,
      optionType: { type: 'string' },
      lastFourDigits: { type: ['string', 'null'], description: 'As they are now.' },
      correctedFields: {
        type: 'array',
        items: { type: 'string', enum: [...CORRECTABLE_FIELDS] },
        description: 'CORRECTED: the fields the bank corrected, by their link-body names.',
      },
      code: {
        type: ['string', 'null'],
        description: "The NOC's change code (C01 …) or the return's (R03 …).",
      },
      sourceTransactionId: {
        ...nullable(uuid),
        description:
          'The withdrawal whose payout brought the news (not `transactionId`: this is no withdrawal event).',
      },
      usable: { type: 'boolean', description: 'Whether withdrawals to it are accepted now.' },
      reason: { type: 'string', description: "The return's reason, or the operator's; empty otherwise." },
      sequence: { type: 'integer', minimum: 1, description: "The account's events are numbered 1, 2, 3 …" },
      timestamp: { type: 'integer', description: 'Milliseconds since the epoch.' },
    }),
  }),
};

const account = { id: IDS.linkedAccount };

export const LINKED_ACCOUNT_OPERATIONS: readonly Operation[] = [
  op('get', '/linked-accounts', {
    operationId: 'listUnusableLinkedAccounts',
    summary:
      'List the linked accounts a return marked unusable (unusable=true, the only list), newest linked first',
    query: operatorLinkedAccountsQuerySchema,
    ok: { schema: page(ref('OperatorLinkedAccount')), example: pageOf(ACCOUNT) },
    errors: [400, 401, 503],
  }),
  op('get', '/linked-accounts/{id}', {
    operationId: 'getOperatorLinkedAccount',
    summary: 'Get a linked account, masked, with whether it is unusable',
    params: operator.linkedAccountIdParamsSchema,
    paramExamples: account,
    ok: { schema: success(ref('OperatorLinkedAccount')), example: data(ACCOUNT) },
  }),
  op('post', '/linked-accounts/{id}/reinstate', {
    operationId: 'reinstateLinkedAccount',
    summary:
      'Make an account a return marked unusable take withdrawals again (audited; the merchant gets a LINKED_ACCOUNT USABLE webhook); 409 when it is usable',
    params: operator.linkedAccountIdParamsSchema,
    paramExamples: account,
    body: {
      schema: operator.decideWithdrawalSchema,
      example: { reason: 'The customer reopened the account' },
    },
    ok: { schema: success(ref('OperatorLinkedAccount')), example: data({ ...ACCOUNT, unusable: null }) },
    errors: [400, 401, 404, 409, 413, 415, 503],
  }),
];
