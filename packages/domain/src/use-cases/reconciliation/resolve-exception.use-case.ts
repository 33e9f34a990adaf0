import type { Clock } from '../../ports/clock.port.js';
import type { IdGenerator } from '../../ports/id-generator.port.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { TransactionScope, UnitOfWork } from '../../ports/unit-of-work.port.js';
import {
  isResolutionAction,
  RESOLUTIONS_OF,
  type ReconciliationException,
  type ResolutionAction,
} from '../../reconciliation/reconciliation-exception.js';
import { type DomainError, domainError, validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import { FAILURE_REASONS } from '../../withdrawal/failure-reason.js';
import { checkAt, type Withdrawal } from '../../withdrawal/withdrawal.js';
import { notFound, requireOperator } from '../operator/operator-deps.js';
import { recordAudit } from '../operator/record-audit.js';
import { moveWithdrawal } from '../withdrawals/status-change/move-withdrawal.js';
import { writingFor } from '../writing-for.js';

export interface ResolveExceptionRequest {
  readonly action: unknown;
  readonly reason: unknown;
}

const MAX_REASON = 1000;

/** The withdrawal's state each money-moving action needs: FAIL a payout not failed, REVERSE a settled one. */
const MOVABLE: Readonly<Record<Exclude<ResolutionAction, 'ACKNOWLEDGE'>, (w: Withdrawal) => boolean>> = {
  FAIL: (w) => w.status !== 'FAILED',
  REVERSE: (w) => w.status === 'SUCCESS',
};

/**
 * An operator's resolution of a reconciliation exception (docs/reconciliation.md#resolving), with a reason, in one
 * transaction with its effect and its audit entry (RECONCILIATION_EXCEPTION_RESOLVED). FAIL ends the withdrawal
 * FAILED, its debit reversed; REVERSE books a late return: the settled payout FAILED, its settlement returned and its
 * debit reversed, once (the aggregate's `reversalDue` and the ledger's one entry per kind); ACKNOWLEDGE moves
 * nothing. An exception is resolved once.
 */
export class ResolveReconciliationException {
  constructor(
    private readonly deps: {
      readonly unitOfWork: UnitOfWork;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(
    principal: Principal,
    exceptionId: string,
    request: ResolveExceptionRequest,
  ): Promise<Result<ReconciliationException>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const { action, reason } = request;
    if (!isResolutionAction(action))
      return err(validationError('action', 'action must be one of FAIL, REVERSE, ACKNOWLEDGE'));
    if (typeof reason !== 'string' || reason.trim() === '' || reason.length > MAX_REASON)
      return err(validationError('reason', `reason must be a text of 1 to ${MAX_REASON} characters`));
    return writingFor(this.deps.unitOfWork, principal).run((tx) =>
      this.resolve(tx, principal, exceptionId, action, reason),
    );
  }

  private async resolve(
    tx: TransactionScope,
    principal: Principal,
    exceptionId: string,
    action: ResolutionAction,
    reason: string,
  ): Promise<Result<ReconciliationException>> {
    const now = this.deps.clock.now();
    const exception = await tx.reconciliation.lockException(exceptionId);
    if (!exception) return err(notFound('Reconciliation exception'));
    if (exception.resolution !== null)
      return err(
        domainError('ILLEGAL_TRANSITION', 'The exception is resolved already', { ...exception.resolution }),
      );
    if (!RESOLUTIONS_OF[exception.type].includes(action))
      return err(
        domainError('ILLEGAL_TRANSITION', `A ${exception.type} exception is not resolved by ${action}`, {
          actions: [...RESOLUTIONS_OF[exception.type]],
        }),
      );
    let moved: Withdrawal | null = null;
    if (action !== 'ACKNOWLEDGE') {
      const result = await this.move(tx, principal, exception, action, reason, now);
      if (!result.ok) return result;
      moved = result.value;
    }
    const resolved: ReconciliationException = {
      ...exception,
      resolution: { action, reason, by: principal.subject, at: now },
    };
    await tx.reconciliation.resolveException(resolved);
    await recordAudit(tx, this.deps, principal, 'RECONCILIATION_EXCEPTION_RESOLVED', exception.id, {
      action,
      reason,
      type: exception.type,
      provider: exception.provider,
      withdrawalId: exception.withdrawalId,
      ...(moved ? { status: moved.status } : {}),
    });
    return ok(resolved);
  }

  /** FAIL or REVERSE: the withdrawal, locked, ends FAILED with the operator's decision on its status change. */
  private async move(
    tx: TransactionScope,
    principal: Principal,
    exception: ReconciliationException,
    action: Exclude<ResolutionAction, 'ACKNOWLEDGE'>,
    reason: string,
    now: Date,
  ): Promise<Result<Withdrawal, DomainError>> {
    const withdrawal = exception.withdrawalId ? await tx.withdrawals.lockById(exception.withdrawalId) : null;
    if (!withdrawal) return err(notFound('Withdrawal'));
    if (!MOVABLE[action](withdrawal))
      return err(
        domainError('ILLEGAL_TRANSITION', `A ${withdrawal.status} withdrawal is not resolved by ${action}`, {
          status: withdrawal.status,
        }),
      );
    // No worker asks about it again: its end is the operator's, on the provider's record.
    return moveWithdrawal(
      tx,
      this.deps.ids,
      checkAt(withdrawal, null),
      'FAILED',
      now,
      FAILURE_REASONS.GENERAL,
      null,
      {
        by: principal.subject,
        reason,
      },
    );
  }
}
