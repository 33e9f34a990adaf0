import { MESSAGES, RAIL_IDS, WITHDRAWAL_STATUSES } from '@payout/domain';
import { PAGE_QUERY } from '../routes/pagination.js';
import { fault, type JsonSchema, object, UUID_PATTERN, uuidParam } from './schema-fault.js';

/** Query parameters of the lists: each a single string (a repeated parameter is refused, as is any bad value). */
const uuid = (field: string): JsonSchema => ({
  type: 'string',
  pattern: UUID_PATTERN,
  ...fault(field, `${field} must be a UUID`),
});
export const oneOf = (field: string, values: readonly string[]): JsonSchema => ({
  type: 'string',
  enum: [...values],
  ...fault(field, `${field} must be one of ${values.join(', ')}`),
});
/**
 * RFC 3339 as the `date-time` format checks it, narrowed to what `Date` reads: no leap second (…:60) and an offset
 * with its minutes (+01:00, not +01), both of which the format allows and `Date` makes invalid.
 */
const dateTime = (field: string): JsonSchema => ({
  type: 'string',
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:[0-5]\\d(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2})$',
  ...fault(field, `${field} must be an ISO 8601 date-time with a time zone`),
});

const DELIVERY_STATES = ['PENDING', 'DELIVERED', 'FAILED', 'ENDPOINT_DISABLED', 'NO_ENDPOINT'];

const withdrawalFilters = {
  status: oneOf('status', WITHDRAWAL_STATUSES),
  entityId: uuid('entityId'),
  rail: oneOf('rail', RAIL_IDS),
  createdFrom: dateTime('createdFrom'),
  createdTo: dateTime('createdTo'),
};

export const pageQuerySchema = object(PAGE_QUERY);

export const transactionsQuerySchema = object({ ...PAGE_QUERY, ...withdrawalFilters });

export const operatorWithdrawalsQuerySchema = object({
  ...PAGE_QUERY,
  ...withdrawalFilters,
  merchantId: uuid('merchantId'),
  unresolved: oneOf('unresolved', ['true']),
});

/** The operator's list of linked accounts: only `unusable=true` is a list there is (the dead accounts). */
export const operatorLinkedAccountsQuerySchema = object(
  { ...PAGE_QUERY, unusable: oneOf('unusable', ['true']) },
  ['unusable'],
);

export const deliveriesQuerySchema = object({
  ...PAGE_QUERY,
  deliveryState: oneOf('deliveryState', DELIVERY_STATES),
  transactionId: uuid('transactionId'),
});

export const ledgerEntriesQuerySchema = object({ ...PAGE_QUERY, transactionId: uuid('transactionId') });

/**
 * The operator's deliveries: `outcome` is the delivery state (`deliveryState` is taken as its synonym, the name
 * the merchant's list uses). `transactionId` stays any non-empty string, as before the list was paginated: one
 * that names no withdrawal finds nothing.
 */
export const operatorDeliveriesQuerySchema = object({
  ...PAGE_QUERY,
  outcome: oneOf('outcome', DELIVERY_STATES),
  deliveryState: oneOf('deliveryState', DELIVERY_STATES),
  merchantId: uuid('merchantId'),
  transactionId: {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    ...fault('transactionId', 'transactionId must be a transaction id'),
  },
});

export const entityParamsSchema = object(
  { entityId: uuidParam('entityId', MESSAGES.NOT_FOUND('Entity'), 'NOT_FOUND') },
  ['entityId'],
);
