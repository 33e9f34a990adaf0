import { operatorWithdrawalsQuerySchema } from '../schemas/lists.schemas.js';
import * as operator from '../schemas/operator.schemas.js';
import { CREATED_AT, IDS, RECEIPT, TRANSACTION } from './examples.js';
import type { Operation } from './operation.js';
import { data, op, pageOf } from './operator-operation.js';
import { page, ref, success } from './publish.js';

const withdrawal = { id: IDS.withdrawal };

/** The operator's reviews: withdrawals and approvals, webhook deliveries, the audit log. */
/** An operator's decision that ends a withdrawal FAILED, answered with its id, status and failure reason. */
const ending = (
  verb: 'reject' | 'fail',
  text: {
    operationId: string;
    summary: string;
    because: string;
    reason: string;
    schema?: typeof operator.decideWithdrawalSchema;
  },
): Operation =>
  op('post', `/withdrawals/{id}/${verb}`, {
    operationId: text.operationId,
    summary: text.summary,
    params: operator.withdrawalIdParamsSchema,
    paramExamples: withdrawal,
    body: { schema: text.schema ?? operator.decideWithdrawalSchema, example: { reason: text.because } },
    ok: {
      schema: success(ref('Rejection')),
      example: data({ id: IDS.withdrawal, status: 'FAILED', reason: text.reason }),
    },
    errors: [400, 401, 404, 409, 413, 415, 503],
  });

export const OPERATOR_REVIEW_OPERATIONS: readonly Operation[] = [
  op('get', '/withdrawals', {
    operationId: 'listOperatorWithdrawals',
    summary:
      'List withdrawals of every merchant; status=AWAITING_APPROVAL&order=asc is the approvals queue, unresolved=true the payouts no rail accepted after 30 attempts',
    query: operatorWithdrawalsQuerySchema,
    ok: {
      schema: page(ref('OperatorWithdrawal')),
      example: pageOf({
        ...TRANSACTION,
        status: 'AWAITING_APPROVAL',
        rail: 'WIRE',
        history: [
          {
            sequence: 1,
            status: 'AWAITING_APPROVAL',
            previousStatus: null,
            reason: null,
            decisionReason: null,
            at: CREATED_AT,
          },
        ],
        entityId: IDS.entity,
        merchantId: IDS.merchant,
        approvalExpiresAt: '2026-03-05T14:05:09.120Z',
      }),
    },
  }),
  op('post', '/withdrawals/{id}/approve', {
    operationId: 'approveWithdrawal',
    summary: 'Approve a withdrawal awaiting approval',
    params: operator.withdrawalIdParamsSchema,
    paramExamples: withdrawal,
    body: {
      schema: operator.decideWithdrawalSchema,
      example: { reason: 'Verified with the customer by phone' },
    },
    ok: { schema: ref('WithdrawalReceipt'), example: RECEIPT },
    errors: [400, 401, 404, 409, 413, 415, 500, 503],
  }),
  ending('reject', {
    operationId: 'rejectWithdrawal',
    summary: 'Reject a withdrawal awaiting approval (its debit is reversed)',
    because: 'Beneficiary could not be verified',
    reason: 'Payment was cancelled.',
  }),
  ending('fail', {
    operationId: 'failUnsubmittedWithdrawal',
    summary:
      'Fail a debited withdrawal no rail has accepted (its debit is reversed), once its provider confirms it holds no payout for it (force: on your word, when it cannot)',
    because: 'Increase support confirmed no transfer exists for this key',
    reason: 'Payment could not be processed.',
    schema: operator.failWithdrawalSchema,
  }),
  op('post', '/withdrawals/{id}/check', {
    operationId: 'checkWithdrawalNow',
    summary:
      "Bring a withdrawal's next check forward to now: the next submission attempt, or a status check (409 while one is under way or due within a minute)",
    params: operator.withdrawalIdParamsSchema,
    paramExamples: withdrawal,
    body: { schema: operator.decideWithdrawalSchema, example: { reason: 'Provider credentials rotated' } },
    ok: {
      schema: success(ref('CheckRequested')),
      example: data({ id: IDS.withdrawal, status: 'PENDING', nextCheckAt: CREATED_AT }),
    },
    errors: [400, 401, 404, 409, 413, 415, 503],
  }),
  op('post', '/webhook-deliveries/{id}/redeliver', {
    operationId: 'operatorRedeliverWebhook',
    summary: 'Send a webhook event again (re-enables a disabled endpoint)',
    params: operator.deliveryParamsSchema,
    paramExamples: { id: IDS.event },
    ok: {
      schema: success(ref('Redelivery')),
      example: data({ eventId: IDS.event, deliveryState: 'PENDING' }),
    },
  }),
  op('get', '/audit-log', {
    operationId: 'listAuditLog',
    summary: 'List operator actions, newest first (order=asc: oldest first)',
    query: operator.auditLogQuerySchema,
    ok: {
      schema: page(ref('AuditEntry')),
      example: {
        success: true,
        data: [
          {
            id: IDS.audit,
            at: CREATED_AT,
            actor: 'ops-alice',
            action: 'WITHDRAWAL_APPROVED',
            subjectType: 'WITHDRAWAL',
            subjectId: IDS.withdrawal,
            changes: { status: 'PENDING', reason: 'Verified with the customer by phone' },
          },
        ],
        hasMore: true,
        nextCursor: `1772460309120-${IDS.audit}`,
      },
    },
  }),
];
