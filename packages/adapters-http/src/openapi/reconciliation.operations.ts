import { RECONCILIATION_EXCEPTION_TYPES, RESOLUTION_ACTIONS } from '@payout/domain';
import * as reconciliation from '../schemas/reconciliation.schemas.js';
import type { JsonSchema } from '../schemas/schema-fault.js';
import { IDS } from './examples.js';
import type { Operation } from './operation.js';
import { data, op, pageOf } from './operator-operation.js';
import { page, ref, success } from './publish.js';

const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});
const uuid: JsonSchema = { type: 'string', format: 'uuid' };
const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
const count: JsonSchema = { type: 'integer', minimum: 0 };
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

export const RECONCILIATION_IDS = {
  run: '0195b3c5-0a00-7b10-8c20-0d1e2f3a4b01',
  exception: '0195b3c5-0a00-7b10-8c20-0d1e2f3a4b02',
} as const;

const COUNTS = {
  MISSING_AT_PROVIDER: 0,
  UNKNOWN_AT_PROVIDER: 0,
  AMOUNT_MISMATCH: 1,
  STATUS_MISMATCH: 0,
  LATE_RETURN: 0,
  DUPLICATE_AT_PROVIDER: 0,
};

const RUN = {
  id: RECONCILIATION_IDS.run,
  provider: 'simulated',
  day: '2026-03-02',
  startedAt: '2026-03-03T04:00:00.120Z',
  finishedAt: '2026-03-03T04:00:01.480Z',
  records: 12,
  matched: 11,
  pending: 0,
  opened: 1,
  exceptions: COUNTS,
};

const EXCEPTION = {
  id: RECONCILIATION_IDS.exception,
  provider: 'simulated',
  day: '2026-03-02',
  type: 'AMOUNT_MISMATCH',
  state: 'open',
  withdrawalId: IDS.withdrawal,
  providerId: 'sim_4c60',
  since: '2026-03-02T14:05:09.480Z',
  ageSeconds: 50_691,
  openedAt: '2026-03-03T04:00:01.020Z',
  evidence: {
    ours: {
      id: IDS.withdrawal,
      status: 'SUCCESS',
      amount: '25.81',
      currency: 'USD',
      rail: 'ACH',
      railProvider: 'simulated',
      railReference: 'sim_4c60',
      submittedAt: '2026-03-02T14:05:09.480Z',
      failureReason: null,
      reversed: false,
      returnWatchEnded: true,
    },
    provider: {
      providerId: 'sim_4c60',
      reference: IDS.withdrawal,
      amount: '26.81',
      currency: 'USD',
      state: 'PAID',
      providerState: 'PAID',
      createdAt: '2026-03-02T14:05:09.480Z',
      finalAt: '2026-03-02T14:05:11.480Z',
      fee: null,
    },
  },
  actions: ['ACKNOWLEDGE'],
  resolution: null,
};

const RESOLVED = {
  ...EXCEPTION,
  state: 'resolved',
  ageSeconds: 68_400,
  actions: [],
  resolution: {
    action: 'ACKNOWLEDGE',
    reason: 'The provider corrected the amount on its side',
    by: 'ops-alice',
    at: '2026-03-03T09:05:09.480Z',
  },
};

/** Evidence is each side as it stood: our withdrawal, and the provider's record (or its records, for a duplicate). */
const side: JsonSchema = {
  anyOf: [{ type: 'object' }, { type: 'array', items: { type: 'object' } }, { type: 'null' }],
};

export const RECONCILIATION_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  ReconciliationRun: object({
    id: uuid,
    provider: { type: 'string' },
    day: { type: 'string', format: 'date', description: 'The UTC day whose provider records were read.' },
    startedAt: dateTime,
    finishedAt: dateTime,
    records: { ...count, description: 'Records the provider listed for the day.' },
    matched: { ...count, description: 'Records that agree with their withdrawal.' },
    pending: { ...count, description: 'Not final yet, inside the settlement window: looked at again.' },
    opened: { ...count, description: 'Exceptions this run opened (0 on a rerun).' },
    exceptions: {
      type: 'object',
      description: 'Discrepancies the run found, by type, whether it opened them or an earlier run had.',
      properties: Object.fromEntries(RECONCILIATION_EXCEPTION_TYPES.map((type) => [type, count])),
      required: [...RECONCILIATION_EXCEPTION_TYPES],
    },
  }),
  ReconciliationException: object({
    id: uuid,
    provider: { type: 'string' },
    day: { type: 'string', format: 'date', description: 'The provider-day whose run found it.' },
    type: { type: 'string', enum: [...RECONCILIATION_EXCEPTION_TYPES] },
    state: { type: 'string', enum: ['open', 'resolved'] },
    withdrawalId: nullable(uuid),
    providerId: { type: ['string', 'null'], description: "The provider's id of its record." },
    since: { ...dateTime, description: 'When the discrepancy began: its age counts from here.' },
    ageSeconds: { ...count, description: 'From `since` to now, or to the resolution.' },
    openedAt: dateTime,
    evidence: object({ ours: side, provider: side }),
    actions: {
      type: 'array',
      items: { type: 'string', enum: [...RESOLUTION_ACTIONS] },
      description: 'The resolutions its type allows; none once resolved.',
    },
    resolution: nullable(
      object({
        action: { type: 'string', enum: [...RESOLUTION_ACTIONS] },
        reason: { type: 'string' },
        by: { type: 'string', description: "The operator's token `sub`." },
        at: dateTime,
      }),
    ),
  }),
};

const exception = { id: RECONCILIATION_IDS.exception };

/** docs/reconciliation.md#the-operator-api: runs, exceptions, resolving one. */
export const RECONCILIATION_OPERATIONS: readonly Operation[] = [
  op('get', '/reconciliation/runs', {
    operationId: 'listReconciliationRuns',
    summary: 'List reconciliation runs, newest finished first',
    query: reconciliation.reconciliationRunsQuerySchema,
    ok: { schema: page(ref('ReconciliationRun')), example: pageOf(RUN) },
    errors: [400, 401, 503],
  }),
  op('get', '/reconciliation/exceptions', {
    operationId: 'listReconciliationExceptions',
    summary:
      'List reconciliation exceptions with their evidence, newest opened first (order=asc: oldest first)',
    query: reconciliation.reconciliationExceptionsQuerySchema,
    ok: { schema: page(ref('ReconciliationException')), example: pageOf(EXCEPTION) },
    errors: [400, 401, 503],
  }),
  op('post', '/reconciliation/exceptions/{id}/resolve', {
    operationId: 'resolveReconciliationException',
    summary:
      'Resolve an exception with a reason (audited): FAIL, REVERSE or ACKNOWLEDGE, as its type allows; 409 when resolved already',
    params: reconciliation.reconciliationExceptionParamsSchema,
    paramExamples: exception,
    body: {
      schema: reconciliation.resolveExceptionSchema,
      example: { action: 'ACKNOWLEDGE', reason: 'The provider corrected the amount on its side' },
    },
    ok: { schema: success(ref('ReconciliationException')), example: data(RESOLVED) },
    errors: [400, 401, 404, 409, 413, 415, 503],
  }),
];
