import type { Clock } from '../../ports/clock.port.js';
import { mapPage, type Page, type PageRequest } from '../../ports/page.js';
import type { ExceptionFilter, RunFilter } from '../../ports/reconciliation-store.port.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import {
  type ReconciliationExceptionView,
  type ReconciliationRunView,
  reconciliationExceptionView,
  reconciliationRunView,
} from '../../reconciliation/reconciliation-views.js';
import { ok, type Result } from '../../shared/result.js';
import { requireOperator } from '../operator/operator-deps.js';
import type {
  ResolveExceptionRequest,
  ResolveReconciliationException,
} from './resolve-exception.use-case.js';

/** The exceptions list's filters as an operator asks: `olderThanSeconds` is an age, counted back from now. */
export interface ExceptionQuery extends Omit<ExceptionFilter, 'olderThan'> {
  readonly olderThanSeconds?: number;
}

/**
 * The operator's side of reconciliation (docs/reconciliation.md#the-operator-api): the runs made, the exceptions
 * found with their evidence and age, and resolving one (ResolveReconciliationException), each answered as a view.
 */
export class OperatorReconciliation {
  constructor(
    private readonly deps: {
      readonly unitOfWork: UnitOfWork;
      readonly clock: Clock;
      readonly resolver: Pick<ResolveReconciliationException, 'execute'>;
    },
  ) {}

  async runs(
    principal: Principal,
    filter: RunFilter,
    page: PageRequest,
  ): Promise<Result<Page<ReconciliationRunView>>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const read = await this.deps.unitOfWork.readFor(principal);
    return ok(mapPage(await read.reconciliation.listRuns(filter, page), reconciliationRunView));
  }

  async exceptions(
    principal: Principal,
    query: ExceptionQuery,
    page: PageRequest,
  ): Promise<Result<Page<ReconciliationExceptionView>>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const now = this.deps.clock.now();
    const { olderThanSeconds, ...rest } = query;
    const filter: ExceptionFilter =
      olderThanSeconds === undefined
        ? rest
        : { ...rest, olderThan: new Date(now.getTime() - olderThanSeconds * 1000) };
    const read = await this.deps.unitOfWork.readFor(principal);
    return ok(
      mapPage(await read.reconciliation.listExceptions(filter, page), (e) =>
        reconciliationExceptionView(e, now),
      ),
    );
  }

  async resolve(
    principal: Principal,
    exceptionId: string,
    request: ResolveExceptionRequest,
  ): Promise<Result<ReconciliationExceptionView>> {
    const resolved = await this.deps.resolver.execute(principal, exceptionId, request);
    if (!resolved.ok) return resolved;
    return ok(reconciliationExceptionView(resolved.value, this.deps.clock.now()));
  }
}
