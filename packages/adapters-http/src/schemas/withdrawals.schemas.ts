import { MAX_REASON_LENGTH, MESSAGES, ROUTING_TYPES } from '@payout/domain';
import { fault, forbidden, type JsonSchema, object, uuidParam } from './schema-fault.js';

/** Endpoint 1, in the domain's check order (parseWithdrawalRequest): the first failing field is reported. */
export const withdrawalParamsSchema: JsonSchema = object(
  {
    currency: {
      type: 'string',
      const: 'USD',
      ...fault('currency', 'currency must be USD', 'UNSUPPORTED_CURRENCY'),
    },
    linkedAccountId: uuidParam('linkedAccountId', 'linkedAccountId must be a UUID', 'VALIDATION_ERROR'),
  },
  ['currency', 'linkedAccountId'],
);

export const withdrawalBodySchema: JsonSchema = object(
  {
    amount: {
      type: 'number',
      exclusiveMinimum: 0,
      multipleOf: 0.01,
      description: 'Dollars, greater than 0, at most two decimal places.',
      ...fault('amount', 'amount must be a positive number with at most two decimal places'),
    },
    walletType: {
      type: 'string',
      const: 'SPEND',
      ...fault('walletType', MESSAGES.INVALID_WALLET_TYPE, 'INVALID_WALLET_TYPE'),
    },
    routingType: {
      type: 'string',
      enum: [...ROUTING_TYPES],
      description: 'Only needed to request RTP; ignored for card accounts.',
      ...fault('routingType', MESSAGES.INVALID_ROUTING_TYPE, 'INVALID_ROUTING_TYPE'),
    },
    mfaCode: {
      ...forbidden('mfaCode', MESSAGES.MFA_NOT_SUPPORTED, 'MFA_NOT_SUPPORTED'),
      description: 'Not supported: a request that sends it is refused with 400 MFA_NOT_SUPPORTED.',
    },
    reason: {
      type: ['string', 'null'],
      maxLength: MAX_REASON_LENGTH,
      ...fault('reason', `reason must be a string of at most ${MAX_REASON_LENGTH} characters`),
    },
    transactionType: {
      type: ['string', 'null'],
      maxLength: MAX_REASON_LENGTH,
      description: '`payout` in any letter case selects the PAYMENT (payment-link) flow.',
      ...fault(
        'transactionType',
        `transactionType must be a string of at most ${MAX_REASON_LENGTH} characters`,
      ),
    },
  },
  ['amount', 'walletType'],
);
