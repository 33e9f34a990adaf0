import { AUDIT_ACTIONS, MAX_AUDIT_PAGE, MESSAGES } from '@payout/domain';
import { EMAIL_PATTERN, fault, type JsonSchema, object, text, uuidParam } from './schema-fault.js';

/** Operator API (docs/product.md §8); messages are the operator use cases' own. */
const money = (field: string): JsonSchema => {
  const message = `${field} must be a positive amount with at most two decimal places`;
  return {
    anyOf: [
      { type: 'number', exclusiveMinimum: 0, multipleOf: 0.01 },
      { type: 'string', pattern: '^\\d{1,18}(\\.\\d{1,2})?$' },
    ],
    ...fault(field, message),
  };
};
const bool = (field: string): JsonSchema => ({
  type: 'boolean',
  ...fault(field, `${field} must be a boolean`),
});

export const merchantParamsSchema = object(
  { merchantId: uuidParam('merchantId', MESSAGES.NOT_FOUND('Merchant'), 'NOT_FOUND') },
  ['merchantId'],
);
export const walletParamsSchema = object(
  { walletId: uuidParam('walletId', MESSAGES.NOT_FOUND('Wallet'), 'NOT_FOUND') },
  ['walletId'],
);
export const withdrawalIdParamsSchema = object(
  { id: uuidParam('id', MESSAGES.TRANSACTION_NOT_FOUND, 'TRANSACTION_NOT_FOUND') },
  ['id'],
);
export const linkedAccountIdParamsSchema = object(
  { id: uuidParam('id', MESSAGES.NOT_FOUND('Linked account'), 'NOT_FOUND') },
  ['id'],
);
export const deliveryParamsSchema = object(
  { id: uuidParam('id', MESSAGES.NOT_FOUND('Webhook delivery'), 'NOT_FOUND') },
  ['id'],
);

export const createMerchantSchema = object(
  { name: text('name', 'name must be a non-blank string of at most 200 characters') },
  ['name'],
);

export const updateMerchantSchema = object({
  payoutsEnabled: bool('payoutsEnabled'),
  approvalThreshold: money('approvalThreshold'),
  // Each rail's rule is checked by UpdateMerchant, which names the field at fault (feeOverrides.ACH.amount…).
  feeOverrides: {
    type: 'object',
    description:
      'Per rail id (ACH, RTP, WIRE, SWIFT, PUSH_TO_CARD, ZELLE, PAYPAL, VENMO): {"type": "FLAT", "amount"}, ' +
      '{"type": "PERCENT", "rate", "minimum"?} (rate 0 to 100, amounts at least 0 with two decimals at most), ' +
      'or null for the default fee again. Rails not named keep their override.',
    ...fault('feeOverrides', 'feeOverrides must be an object keyed by rail id'),
  },
});

export const webhookEndpointSchema = object(
  {
    url: {
      type: 'string',
      maxLength: 2048,
      pattern: '^[hH][tT][tT][pP][sS]?://[^\\s/]+(/\\S*)?$',
      ...fault('url', 'url must be an http(s) URL'),
    },
  },
  ['url'],
);

export const createEntitySchema = object(
  {
    entityType: {
      type: 'string',
      enum: ['USER', 'BUSINESS'],
      ...fault('entityType', 'entityType must be USER or BUSINESS'),
    },
    email: {
      type: 'string',
      maxLength: 254,
      pattern: EMAIL_PATTERN,
      ...fault('email', 'email must be an email address'),
    },
    externalIdentifier: text('externalIdentifier', 'externalIdentifier must be a non-empty string'),
  },
  ['entityType', 'email'],
);

export const creditWalletSchema = object(
  {
    amount: money('amount'),
    reason: text('reason', 'reason must be a string of at most 255 characters', 255),
  },
  ['amount'],
);

export const updateWalletSchema = object({ disabled: bool('disabled') });

export const issueApplicationTokenSchema = object(
  {
    purpose: {
      type: 'string',
      enum: ['ACCOUNT_LINK', 'PAYMENT_LINK'],
      ...fault('purpose', 'purpose must be ACCOUNT_LINK or PAYMENT_LINK'),
    },
    amount: money('amount'),
    withdrawalSource: {
      type: 'string',
      enum: ['ENTITY_WALLET', 'MERCHANT_WALLET'],
      ...fault('withdrawalSource', 'withdrawalSource must be ENTITY_WALLET or MERCHANT_WALLET'),
    },
    expiresInSeconds: {
      type: 'integer',
      minimum: 1,
      maximum: 30 * 24 * 3600,
      ...fault('expiresInSeconds', `expiresInSeconds must be an integer from 1 to ${30 * 24 * 3600}`),
    },
    entityId: uuidParam('entityId', MESSAGES.NOT_FOUND('Entity'), 'NOT_FOUND'),
  },
  ['purpose', 'entityId'],
);

/** The body of an approval or a rejection. */
const DECISION_REASON = {
  type: ['string', 'null'],
  maxLength: 255,
  ...fault('reason', 'reason must be a string of at most 255 characters'),
};

export const decideWithdrawalSchema = object({ reason: DECISION_REASON });

/** A fail: `force` fails it on the operator's word when its provider cannot confirm it holds no payout. */
export const failWithdrawalSchema = object({
  reason: DECISION_REASON,
  force: { type: 'boolean', ...fault('force', 'force must be true or false') },
});

export const auditLogQuerySchema = object({
  limit: {
    type: 'string',
    pattern: '^\\d{1,3}$',
    ...fault('limit', `limit must be an integer from 1 to ${MAX_AUDIT_PAGE}`),
  },
  cursor: {
    type: 'string',
    maxLength: 64,
    ...fault('cursor', 'cursor must be a nextCursor of a previous page'),
  },
  action: { type: 'string', enum: [...AUDIT_ACTIONS], ...fault('action', 'action must be an audit action') },
  subjectId: text('subjectId', 'subjectId must be a string of at most 255 characters', 255),
  actor: text('actor', 'actor must be a string of at most 255 characters', 255),
  order: { type: 'string', enum: ['asc', 'desc'], ...fault('order', 'order must be asc or desc') },
});
