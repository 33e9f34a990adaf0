import { RECONCILIATION_EXCEPTION_TYPES, RESOLUTION_ACTIONS } from '@payout/domain';
import { PAGE_QUERY } from '../routes/pagination.js';
import { oneOf } from './lists.schemas.js';
import { fault, type JsonSchema, object, text, UUID_PATTERN, uuidParam } from './schema-fault.js';

/** A provider as the rails name it (`simulated`, `increase`, `modern_treasury` …). */
const provider: JsonSchema = {
  type: 'string',
  pattern: '^[a-z][a-z0-9_]{0,63}$',
  ...fault('provider', 'provider must be a provider name such as simulated or increase'),
};

/** A UTC day, checked as a calendar date (no 2026-02-30): PostgreSQL refuses any other. */
const utcDay = (field: string): JsonSchema => ({
  type: 'string',
  format: 'date',
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  ...fault(field, `${field} must be a date YYYY-MM-DD`),
});

/** An ISO 8601 duration of days, hours, minutes and seconds, at least one of them (P1D, PT12H, P2DT6H30M). */
export const DURATION_PATTERN = '^P(?!$)(\\d{1,5}D)?(T(?=\\d)(\\d{1,6}H)?(\\d{1,8}M)?(\\d{1,10}S)?)?$';

export const reconciliationRunsQuerySchema = object({ ...PAGE_QUERY, provider, day: utcDay('day') });

export const reconciliationExceptionsQuerySchema = object({
  ...PAGE_QUERY,
  state: oneOf('state', ['open', 'resolved']),
  type: oneOf('type', RECONCILIATION_EXCEPTION_TYPES),
  provider,
  olderThan: {
    type: 'string',
    pattern: DURATION_PATTERN,
    description: 'Only those whose discrepancy began longer ago than this ISO 8601 duration (P1D, PT12H).',
    ...fault('olderThan', 'olderThan must be an ISO 8601 duration such as P1D or PT12H'),
  },
});

export const reconciliationExceptionParamsSchema = object(
  { id: uuidParam('id', 'Reconciliation exception not found', 'NOT_FOUND') },
  ['id'],
);

export const resolveExceptionSchema = object(
  {
    action: oneOf('action', RESOLUTION_ACTIONS),
    reason: text('reason', 'reason must be a text of 1 to 1000 characters', 1000),
  },
  ['action', 'reason'],
);

export const reconciliationRunParamsSchema = object(
  { id: uuidParam('id', 'Reconciliation run not found', 'NOT_FOUND') },
  ['id'],
);

/** The withdrawals export: UTC days, both included, and optionally one merchant. */
export const withdrawalsReportQuerySchema = object(
  {
    from: utcDay('from'),
    to: utcDay('to'),
    merchantId: {
      type: 'string',
      pattern: UUID_PATTERN,
      ...fault('merchantId', 'merchantId must be a UUID'),
    },
  },
  ['from', 'to'],
);
