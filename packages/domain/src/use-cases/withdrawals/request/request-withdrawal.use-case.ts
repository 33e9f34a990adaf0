import type { ApplicationToken } from '../../../application-token/application-token.js';
import type { LinkedAccount } from '../../../linked-account/linked-account.js';
import type { Merchant } from '../../../merchant/merchant.js';
import { Money } from '../../../money/money.js';
import { paymentLinkWallet } from '../../../policy/payment-link-policy.js';
import { feeFor, requiresApproval, withinRailLimit } from '../../../policy/payout-terms.js';
import { resolveRail } from '../../../policy/routing-table.js';
import type { Principal } from '../../../ports/token-verifier.port.js';
import type { Repositories } from '../../../ports/unit-of-work.port.js';
import type { RailId } from '../../../rails/rail-id.js';
import { railEnabled } from '../../../rails/rail-registry.js';
import { type DomainError, domainError, MESSAGES } from '../../../shared/domain-error.js';
import { err, ok, type Result } from '../../../shared/result.js';
import { createWithdrawal, recordSubmitAttempt } from '../../../withdrawal/withdrawal.js';
import { writingFor } from '../../writing-for.js';
import { recordStatusChange } from '../status-change/move-withdrawal.js';
import {
  accountUnusable,
  debitAndStore,
  dispatchFirstAttempt,
  type WithdrawalFlowDeps,
} from '../submit/debit-and-dispatch.js';
import {
  type ParsedWithdrawalRequest,
  parseWithdrawalRequest,
  type RequestWithdrawalInput,
} from './parse-withdrawal-request.js';
import { receiptFor, storedOrThrown, type WithdrawalReceipt } from './request-outcome.js';

interface Plan {
  readonly request: ParsedWithdrawalRequest;
  readonly merchant: Merchant;
  readonly account: LinkedAccount;
  readonly rail: RailId;
  readonly fees: Money;
  /** Amount plus fees: what the wallet is debited. */
  readonly total: Money;
  readonly walletId: string;
  readonly token: ApplicationToken | null;
}

/** The withdrawal's id is new to each request: stored at all means stored by this request's transaction. */
const isStored = (): boolean => true;

const unauthorized = (): DomainError => domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED);

/**
 * Endpoint 1: a withdrawal from the entity's SPEND wallet (or, for a merchant-funded payment link, the
 * merchant's wallet) to one of its linked accounts, checked in the order of docs/product.md §5; an account a return
 * marked unusable is refused right after it is found (409), and again under lock with the debit. The debit, the
 * withdrawal, its first event and its safety-net job commit together; the rail is called after the commit.
 */
export class RequestWithdrawal {
  constructor(private readonly deps: WithdrawalFlowDeps) {}

  async execute(principal: Principal, input: RequestWithdrawalInput): Promise<Result<WithdrawalReceipt>> {
    if (!principal.scopes.has('external.apis') || !principal.entityId || !principal.merchantId)
      return err(unauthorized());
    const request = parseWithdrawalRequest(input);
    if (!request.ok) return request;
    const plan = await this.plan(principal, request.value);
    if (!plan.ok) return plan;
    const { clock, ids, settings } = this.deps;
    const unitOfWork = writingFor(this.deps.unitOfWork, principal);
    const now = clock.now();
    const { merchant, rail, fees, total, walletId, token } = plan.value;
    // The account as the debit locked it, which the first attempt pays to (a correction may have landed since).
    let account = plan.value.account;
    const fields = {
      id: ids.next(),
      merchantId: merchant.id,
      entityId: account.entityId,
      linkedAccountId: account.id,
      walletId,
      flow: request.value.flow,
      rail,
      currency: 'USD' as const,
      amount: request.value.amount,
      fees,
      total,
      reason: request.value.reason,
      requestedBy: principal.subject,
      applicationTokenId: token?.id ?? null,
      approvalExpiresAt: null,
      createdAt: now,
    };
    if (requiresApproval(request.value.amount, merchant.approvalThreshold)) {
      const expiresAt = new Date(now.getTime() + settings.approvalTtlMs);
      const withdrawal = createWithdrawal(
        { ...fields, approvalExpiresAt: expiresAt },
        'AWAITING_APPROVAL',
        false,
      );
      const held = await storedOrThrown(unitOfWork, withdrawal.id, isStored, () =>
        unitOfWork.run(async (tx) => {
          await tx.withdrawals.insert(withdrawal);
          await recordStatusChange(tx, withdrawal, withdrawal.history[0]!, now, ids);
          await tx.jobs.enqueue(
            { name: 'withdrawal.expire-approval', withdrawalId: withdrawal.id },
            { startAfter: expiresAt },
          );
          return ok(withdrawal);
        }),
      );
      if (!held.ok) return held;
      return ok(receiptFor(held.value, null));
    }
    // Attempt 1 is recorded with the debit, so the rail is called right after this commit.
    const debited = recordSubmitAttempt(createWithdrawal(fields, 'PENDING', true), 1, now);
    // The id exists before the commit: a commit whose answer was lost is settled by reading it back.
    const stored = await storedOrThrown(unitOfWork, debited.id, isStored, () =>
      unitOfWork.run((tx) =>
        debitAndStore(tx, this.deps, debited, null, now, (locked) => {
          account = locked;
        }),
      ),
    );
    if (!stored.ok) return stored;
    return dispatchFirstAttempt({ ...this.deps, unitOfWork }, stored.value, account);
  }

  /** Everything that can be decided before money moves: account, merchant, routing, limits, payment-link rules. */
  private async plan(principal: Principal, request: ParsedWithdrawalRequest): Promise<Result<Plan>> {
    const repos: Repositories = this.deps.unitOfWork.read;
    const entityId = principal.entityId as string;
    const owned = await repos.linkedAccounts.findWithOwners(request.linkedAccountId, entityId);
    if (
      !owned ||
      owned.merchant.id !== principal.merchantId ||
      owned.account.walletId !== owned.entity.walletId
    )
      return err(domainError('LINKED_ACCOUNT_NOT_FOUND', MESSAGES.LINKED_ACCOUNT_NOT_FOUND));
    const { account, entity, merchant } = owned;
    // A fact of the account itself, checked with it: before anything about the merchant, the route or the money.
    if (account.unusable) return err(accountUnusable(account));
    if (!merchant.payoutsEnabled) return err(domainError('PAYOUTS_DISABLED', MESSAGES.PAYOUTS_DISABLED));
    const routed = resolveRail(account.kind, request.routingType);
    const rail = routed.ok ? railEnabled(this.deps.rails, routed.value) : routed;
    if (!rail.ok) return rail;
    if (!withinRailLimit(rail.value, request.amount))
      return err(domainError('AMOUNT_OUT_OF_RANGE', MESSAGES.AMOUNT_OUT_OF_RANGE(rail.value)));
    let walletId = entity.walletId;
    let token: ApplicationToken | null = null;
    if (request.flow === 'PAYMENT') {
      token = await repos.applicationTokens.findById(account.applicationTokenId);
      const paying = paymentLinkWallet(token, request.amount, this.deps.clock.now(), {
        entity: entity.walletId,
        merchant: merchant.walletId,
      });
      if (!paying.ok) return paying;
      walletId = paying.value;
    }
    const fees = feeFor(rail.value, request.amount, merchant.feeOverrides);
    // No wallet holds more than Money.MAX: a larger total is refused now, as its debit would be, even when it would
    // wait for approval first (and it could not be stored).
    const total = request.amount.plus(fees);
    if (total.compare(Money.MAX) > 0)
      return err(domainError('INSUFFICIENT_FUNDS', MESSAGES.INSUFFICIENT_FUNDS));
    return ok({ request, merchant, account, rail: rail.value, fees, total, walletId, token });
  }
}
