import type { ListReads, WithdrawalFilter } from '../../ports/list-reads.port.js';
import { mapPage, type Page, type PageRequest } from '../../ports/page.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { ok, type Result } from '../../shared/result.js';
import type { Withdrawal } from '../../withdrawal/withdrawal.js';
import { requireOperator } from '../operator/operator-deps.js';
import { type TransactionView, toTransactionView } from '../withdrawals/reads/get-transaction.use-case.js';
import { merchantOf, unauthorized } from './list-access.js';

/** What a client may filter its transactions by; the merchant (and an entity's own id) come from its token. */
export type TransactionQuery = Omit<WithdrawalFilter, 'merchantId'>;

export interface TransactionListItem extends TransactionView {
  readonly entityId: string;
}

export interface OperatorWithdrawalItem extends TransactionListItem {
  readonly merchantId: string;
  /** When an AWAITING_APPROVAL withdrawal fails unless approved; null otherwise. */
  readonly approvalExpiresAt: string | null;
}

const listItem = (w: Withdrawal): TransactionListItem => ({ ...toTransactionView(w), entityId: w.entityId });

const EMPTY: Page<never> = { items: [], next: null };

/**
 * `GET /v1/transactions` for clients: a `merchant.apis` token lists its merchant's withdrawals, an `external.apis`
 * token its own entity's (an `entityId` filter naming another entity finds nothing). `GET /v1/operator/withdrawals`
 * lists every merchant's, for operators; `status=AWAITING_APPROVAL` oldest first is the approvals queue.
 */
export class TransactionLists {
  constructor(private readonly deps: { readonly unitOfWork: UnitOfWork }) {}

  private async lists(principal: Principal): Promise<ListReads> {
    return (await this.deps.unitOfWork.readFor(principal)).lists;
  }

  async forClient(
    principal: Principal,
    query: TransactionQuery,
    page: PageRequest,
  ): Promise<Result<Page<TransactionListItem>>> {
    const merchantId = merchantOf(principal);
    if (merchantId !== null)
      return ok(
        mapPage(await (await this.lists(principal)).withdrawals({ ...query, merchantId }, page), listItem),
      );
    const { entityId } = principal;
    if (!principal.scopes.has('external.apis') || principal.merchantId === null || entityId === null)
      return unauthorized();
    if (query.entityId !== undefined && query.entityId !== entityId) return ok(EMPTY);
    const filter = { ...query, merchantId: principal.merchantId, entityId };
    return ok(mapPage(await (await this.lists(principal)).withdrawals(filter, page), listItem));
  }

  async forOperator(
    principal: Principal,
    filter: WithdrawalFilter,
    page: PageRequest,
  ): Promise<Result<Page<OperatorWithdrawalItem>>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    return ok(
      mapPage(await (await this.lists(principal)).withdrawals(filter, page), (w) => ({
        ...listItem(w),
        merchantId: w.merchantId,
        approvalExpiresAt: w.approvalExpiresAt?.toISOString() ?? null,
      })),
    );
  }
}
