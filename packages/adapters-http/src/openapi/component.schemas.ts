import {
  AUDIT_ACTIONS,
  AUDIT_SUBJECT,
  LINKED_ACCOUNT_EVENT_STATUSES,
  RAIL_IDS,
  WITHDRAWAL_STATUSES,
} from '@payout/domain';
import type { JsonSchema } from '../schemas/schema-fault.js';
import { ref } from './publish.js';

const object = (properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
});
const nullable = (type: string): JsonSchema => ({ type: [type, 'null'] });
const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
const uuid: JsonSchema = { type: 'string', format: 'uuid' };
const money: JsonSchema = ref('Money');
const unique = (values: readonly string[]) => [...new Set(values)];

const STATUS_CHANGE = object({
  sequence: { type: 'integer', minimum: 1 },
  status: ref('WithdrawalStatus'),
  previousStatus: { anyOf: [ref('WithdrawalStatus'), { type: 'null' }] },
  reason: nullable('string'),
  decisionReason: {
    type: ['string', 'null'],
    description: "The operator's reason for an approval or rejection.",
  },
  at: dateTime,
});

const TRANSACTION_FIELDS = {
  id: uuid,
  status: ref('WithdrawalStatus'),
  flow: { type: 'string', enum: ['PAYOUT', 'PAYMENT'] },
  amount: { ...money, description: 'The payout amount; `total` is what was debited (amount + fees).' },
  fees: money,
  total: money,
  currency: { const: 'USD' },
  rail: ref('Rail'),
  linkedAccountId: uuid,
  reason: nullable('string'),
  failureReason: nullable('string'),
  createdAt: dateTime,
  updatedAt: dateTime,
  history: { type: 'array', items: STATUS_CHANGE },
};

const WEBHOOK_STATUS = { type: 'string', enum: WITHDRAWAL_STATUSES.filter((s) => s !== 'AWAITING_APPROVAL') };

/** What an event is about: a withdrawal (`WITHDRAWAL`), or a linked account (`LINKED_ACCOUNT`). */
const EVENT_SUBJECT = {
  transactionId: {
    type: ['string', 'null'],
    format: 'uuid',
    description: "A WITHDRAWAL event's withdrawal.",
  },
  linkedAccountId: {
    type: ['string', 'null'],
    format: 'uuid',
    description: "A LINKED_ACCOUNT event's account.",
  },
};
const EVENT_STATUS: JsonSchema = {
  type: 'string',
  enum: [...WITHDRAWAL_STATUSES, ...LINKED_ACCOUNT_EVENT_STATUSES],
  description: "The withdrawal's status, or what happened to the linked account.",
};

const FEE_RULE: JsonSchema = {
  oneOf: [
    object({ type: { const: 'FLAT' }, amount: money }),
    object({ type: { const: 'PERCENT' }, rate: { type: 'string' }, minimum: money }, ['minimum']),
  ],
};

const ENTITY_FIELDS = {
  id: uuid,
  merchantId: uuid,
  entityType: { type: 'string', enum: ['USER', 'BUSINESS'] },
  email: { type: 'string' },
  externalIdentifier: nullable('string'),
};

const LINKED_WALLET = object({ id: uuid, balance: money, disabled: { type: 'boolean' } });

/** The response bodies' parts, each named once under `components.schemas`. */
export const COMPONENT_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  Money: {
    type: 'string',
    pattern: '^-?\\d+\\.\\d{2}$',
    description: 'A decimal amount in dollars, exactly two decimal places.',
  },
  WithdrawalStatus: { type: 'string', enum: [...WITHDRAWAL_STATUSES] },
  Rail: { type: 'string', enum: [...RAIL_IDS] },
  WithdrawalReceipt: object({
    success: { const: true },
    message: { type: 'string' },
    data: object({
      id: uuid,
      status: { type: 'string', enum: ['SUCCESS', 'PENDING', 'AWAITING_APPROVAL'] },
      fees: money,
      amount: { ...money, description: 'The total debited: amount + fees.' },
    }),
  }),
  Transaction: object(TRANSACTION_FIELDS),
  TransactionListItem: object({ ...TRANSACTION_FIELDS, entityId: uuid }),
  OperatorWithdrawal: object({
    ...TRANSACTION_FIELDS,
    entityId: uuid,
    merchantId: uuid,
    approvalExpiresAt: { type: ['string', 'null'], format: 'date-time' },
  }),
  WebhookBody: object({
    eventType: { const: 'WITHDRAWAL' },
    status: WEBHOOK_STATUS,
    payload: object(
      {
        description: { type: 'string' },
        method: { type: 'string' },
        transactionId: uuid,
        walletId: uuid,
        entityId: uuid,
        entityType: { type: 'string' },
        summary: { type: 'string' },
        entry: { type: 'string', enum: ['DEBIT', 'CREDIT'] },
        amount: { type: 'number', description: 'Dollars, as the spec prints it (a JSON number).' },
        currency: { type: 'string' },
        timestamp: { type: 'integer', description: 'Milliseconds since the epoch.' },
        feeCharged: money,
        reason: { type: 'string' },
        sequence: { type: 'integer', minimum: 1 },
        previousStatus: { anyOf: [WEBHOOK_STATUS, { type: 'null' }] },
        failureCode: { type: 'string', description: "The provider's failure code, when known." },
      },
      ['failureCode'],
    ),
  }),
  Wallet: object({
    id: uuid,
    walletType: { type: 'string', enum: ['SPEND', 'MERCHANT'] },
    ownerId: uuid,
    balance: money,
    disabled: { type: 'boolean' },
    currency: { const: 'USD' },
  }),
  LedgerEntry: object({
    id: uuid,
    kind: { type: 'string', enum: ['WALLET_CREDIT', 'WITHDRAWAL_DEBIT', 'WITHDRAWAL_REVERSAL'] },
    transactionId: { type: ['string', 'null'], format: 'uuid' },
    amount: { ...money, description: 'Signed: positive raised the balance.' },
    balanceAfter: money,
    createdAt: dateTime,
  }),
  Event: object({
    id: uuid,
    ...EVENT_SUBJECT,
    sequence: { type: 'integer', minimum: 1 },
    status: EVENT_STATUS,
    createdAt: dateTime,
    body: { anyOf: [ref('WebhookBody'), ref('LinkedAccountEventBody')] },
  }),
  Delivery: object({
    eventId: uuid,
    ...EVENT_SUBJECT,
    sequence: { type: 'integer', minimum: 1 },
    status: EVENT_STATUS,
    deliveryState: ref('DeliveryState'),
    nextAttemptAt: { type: ['string', 'null'], format: 'date-time' },
    deliveredAt: { type: ['string', 'null'], format: 'date-time' },
    attempts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          attempt: { type: 'integer', minimum: 1 },
          statusCode: nullable('integer'),
          succeeded: { type: 'boolean' },
        },
        required: ['attempt', 'statusCode', 'succeeded'],
      },
    },
  }),
  DeliveryState: {
    type: 'string',
    enum: ['PENDING', 'DELIVERED', 'FAILED', 'ENDPOINT_DISABLED', 'NO_ENDPOINT'],
  },
  Redelivery: object({ eventId: uuid, deliveryState: { const: 'PENDING' } }),
  FeeOverrides: {
    type: 'object',
    propertyNames: ref('Rail'),
    additionalProperties: FEE_RULE,
    description: 'Per rail, the fee rule that replaces the default one.',
  },
  Merchant: object({
    id: uuid,
    name: { type: 'string' },
    payoutsEnabled: { type: 'boolean' },
    approvalThreshold: money,
    feeOverrides: ref('FeeOverrides'),
    createdAt: dateTime,
    wallet: object({
      id: uuid,
      walletType: { const: 'MERCHANT' },
      balance: money,
      disabled: { type: 'boolean' },
    }),
  }),
  MerchantSummary: object({
    id: uuid,
    name: { type: 'string' },
    payoutsEnabled: { type: 'boolean' },
    approvalThreshold: money,
    walletId: uuid,
    createdAt: dateTime,
  }),
  Entity: object({ ...ENTITY_FIELDS, createdAt: dateTime, wallet: ref('Wallet') }),
  EntitySummary: object({ ...ENTITY_FIELDS, walletId: uuid, createdAt: dateTime }),
  WebhookEndpoint: object({
    url: { type: 'string', format: 'uri' },
    secret: { type: 'string', description: 'The Standard Webhooks signing secret, shown once.' },
  }),
  IssuedApplicationToken: object({ token: { type: 'string' }, id: uuid, expiresAt: dateTime }),
  Rejection: object({ id: uuid, status: { const: 'FAILED' }, reason: nullable('string') }),
  CheckRequested: object({
    id: uuid,
    status: { type: 'string', enum: [...WITHDRAWAL_STATUSES] },
    nextCheckAt: { ...dateTime, description: 'Now: a worker takes it at its next look.' },
  }),
  AuditEntry: object({
    id: uuid,
    at: dateTime,
    actor: {
      type: 'string',
      description: "The operator token's `sub`, or `provider:<name>` for a change a provider's answer made.",
    },
    action: { type: 'string', enum: [...AUDIT_ACTIONS] },
    subjectType: { type: 'string', enum: unique(Object.values(AUDIT_SUBJECT)) },
    subjectId: { type: 'string' },
    changes: {
      type: 'object',
      description: 'The fields the action set; secrets only as "issued" or "rotated".',
    },
  }),
  LinkedWallet: LINKED_WALLET,
  Readiness: object({
    status: { type: 'string', enum: ['ready', 'degraded', 'unavailable'] },
    checks: {
      type: 'object',
      additionalProperties: object(
        { ok: { type: 'boolean' }, detail: { type: 'string' }, required: { type: 'boolean' } },
        ['detail', 'required'],
      ),
    },
  }),
};
