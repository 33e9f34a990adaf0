import { operatorDeliveriesQuerySchema } from '../schemas/lists.schemas.js';
import * as operator from '../schemas/operator.schemas.js';
import type { JsonSchema } from '../schemas/schema-fault.js';
import { CREATED_AT, DELIVERY, IDS, TRANSACTION } from './examples.js';
import type { Operation } from './operation.js';
import { data, op, pageOf } from './operator-operation.js';
import { page, ref, success } from './publish.js';

const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});
const nullable = (type: string, format?: string): JsonSchema => ({
  type: [type, 'null'],
  ...(format === undefined ? {} : { format }),
});
const uuid: JsonSchema = { type: 'string', format: 'uuid' };

/** The parts of a withdrawal only an operator sees, beside its `Transaction` fields. */
export const INVESTIGATION_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  OperatorWithdrawalDetail: {
    allOf: [
      ref('Transaction'),
      object({
        merchantId: uuid,
        entityId: uuid,
        walletId: uuid,
        requestedBy: { type: 'string', description: 'The token subject that requested it.' },
        debited: { type: 'boolean' },
        reversed: { type: 'boolean' },
        history: {
          type: 'array',
          items: object({ decidedBy: { ...nullable('string'), description: 'The approving operator.' } }),
        },
        railFacts: object({
          provider: {
            ...nullable('string'),
            description:
              'Who served the rail when it was debited: the only provider it is sent to or asked about.',
          },
          submitAttempts: { type: 'integer', minimum: 0 },
          railReference: { ...nullable('string'), description: "The provider's reference for the payout." },
          failureCode: { ...nullable('string'), description: "The provider's own failure code." },
          submittedAt: nullable('string', 'date-time'),
          nextCheckAt: nullable('string', 'date-time'),
        }),
        approval: {
          anyOf: [
            object({
              expiresAt: nullable('string', 'date-time'),
              decidedBy: nullable('string'),
              decidedAt: nullable('string', 'date-time'),
              decisionReason: nullable('string'),
            }),
            { type: 'null' },
          ],
          description: 'Null when the withdrawal was never held for approval.',
        },
        linkedAccount: {
          anyOf: [
            object({
              id: uuid,
              kind: { type: 'string' },
              optionType: { type: 'string' },
              label: { type: 'string' },
              counterPartyName: { type: 'string' },
              lastFourDigits: nullable('string'),
              unusable: { anyOf: [ref('UnusableAccount'), { type: 'null' }] },
            }),
            { type: 'null' },
          ],
          description: 'Masked: the last four digits, never an account or card number.',
        },
      }),
    ],
  },
};

const DETAIL = {
  ...TRANSACTION,
  history: TRANSACTION.history.map((change) => ({ ...change, decidedBy: null })),
  merchantId: IDS.merchant,
  entityId: IDS.entity,
  walletId: IDS.wallet,
  requestedBy: 'merchant-app',
  debited: true,
  reversed: false,
  railFacts: {
    provider: 'increase',
    submitAttempts: 1,
    railReference: 'ach_7Qm2x9Lr',
    failureCode: null,
    submittedAt: '2026-03-02T14:05:09.480Z',
    nextCheckAt: '2026-03-03T14:05:09.480Z',
  },
  approval: null,
  linkedAccount: {
    id: IDS.linkedAccount,
    kind: 'bank',
    optionType: 'bank',
    label: 'Payroll checking',
    counterPartyName: 'Ada Lovelace',
    lastFourDigits: '3498',
    unusable: null,
  },
};

/** What an operator investigates by: one withdrawal whole, and webhook deliveries across merchants. */
export const INVESTIGATION_OPERATIONS: readonly Operation[] = [
  op('get', '/withdrawals/{id}', {
    operationId: 'getOperatorWithdrawal',
    summary: 'Get one withdrawal with its history, rail facts, approval and masked linked account',
    params: operator.withdrawalIdParamsSchema,
    paramExamples: { id: IDS.withdrawal },
    ok: { schema: success(ref('OperatorWithdrawalDetail')), example: data(DETAIL) },
  }),
  op('get', '/webhook-deliveries', {
    operationId: 'listOperatorDeliveries',
    summary:
      "List webhook deliveries of every merchant with their attempts, newest first (a transaction's oldest first)",
    query: operatorDeliveriesQuerySchema,
    ok: {
      schema: page(ref('Delivery')),
      example: pageOf({ ...DELIVERY, attempts: [{ ...DELIVERY.attempts[0], attemptedAt: CREATED_AT }] }),
    },
    errors: [400, 401, 503],
  }),
];
