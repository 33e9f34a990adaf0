import type { LinkedAccount } from '../../linked-account/linked-account.js';
import { reinstate } from '../../linked-account/linked-account.js';
import type { LinkedAccountSummary } from '../../ports/list-reads.port.js';
import { mapPage, type Page, type PageRequest } from '../../ports/page.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import { domainError, MESSAGES } from '../../shared/domain-error.js';
import { isUuid } from '../../shared/request-field.js';
import { err, ok, type Result } from '../../shared/result.js';
import { notFound, type OperatorDeps, requireOperator } from '../operator/operator-deps.js';
import { recordAccountChange } from './account-changes.js';

/** Why an account takes no payouts, as an operator sees it. */
export interface UnusableView {
  readonly since: string;
  /** The provider's code of the return that marked it (R03 …). */
  readonly code: string | null;
  /** The withdrawal whose return marked it. */
  readonly transactionId: string | null;
}

/** A linked account as an operator sees it: its last four digits, never an account or card number. */
export interface OperatorLinkedAccountView {
  readonly id: string;
  readonly merchantId: string;
  readonly entityId: string;
  readonly kind: LinkedAccountSummary['kind'];
  readonly optionType: LinkedAccountSummary['optionType'];
  readonly currency: string;
  readonly label: string;
  readonly counterPartyName: string;
  readonly lastFourDigits: string | null;
  readonly createdAt: string;
  /** Null while withdrawals to it are accepted. */
  readonly unusable: UnusableView | null;
  /** When its bank's latest correction of its details was recorded, if it had one. */
  readonly correctedAt: string | null;
}

export const unusableView = (account: Pick<LinkedAccount, 'unusable'>): UnusableView | null =>
  account.unusable && {
    since: account.unusable.since.toISOString(),
    code: account.unusable.code,
    transactionId: account.unusable.withdrawalId,
  };

export const operatorLinkedAccountView = (a: LinkedAccountSummary): OperatorLinkedAccountView => ({
  id: a.id,
  merchantId: a.merchantId,
  entityId: a.entityId,
  kind: a.kind,
  optionType: a.optionType,
  currency: a.currency,
  label: a.label,
  counterPartyName: a.counterPartyName,
  lastFourDigits: a.lastFourDigits,
  createdAt: a.createdAt.toISOString(),
  unusable: unusableView(a),
  correctedAt: a.correctedAt?.toISOString() ?? null,
});

const accountNotFound = () => err(notFound('Linked account'));

/**
 * The operator's side of dead accounts (docs/product.md §8): the accounts a return marked unusable, one account,
 * and reinstating one, which makes withdrawals to it go again.
 */
export class OperatorLinkedAccounts {
  constructor(private readonly deps: OperatorDeps) {}

  /** `GET /v1/operator/linked-accounts?unusable=true`: every unusable account, newest linked first. */
  async unusable(principal: Principal, page: PageRequest): Promise<Result<Page<OperatorLinkedAccountView>>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const accounts = await this.deps.unitOfWork.read.lists.unusableLinkedAccounts(page);
    return ok(mapPage(accounts, operatorLinkedAccountView));
  }

  /** `GET /v1/operator/linked-accounts/:id`. */
  async get(principal: Principal, id: string): Promise<Result<OperatorLinkedAccountView>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const account = isUuid(id)
      ? await this.deps.unitOfWork.read.linkedAccounts.findById(id.toLowerCase())
      : null;
    return account ? ok(operatorLinkedAccountView(account)) : accountNotFound();
  }

  /**
   * `POST /v1/operator/linked-accounts/:id/reinstate` `{reason?}`: the operator's word that the account can receive
   * again (the user reopened it, the bank's return was a mistake). Stored, announced (`LINKED_ACCOUNT` USABLE) and
   * audited in one transaction; refused (409) when the account is usable already.
   */
  async reinstate(
    principal: Principal,
    id: string,
    reason: string | null = null,
  ): Promise<Result<OperatorLinkedAccountView>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    if (!isUuid(id)) return accountNotFound();
    return this.deps.unitOfWork.run(async (tx) => {
      const locked = await tx.linkedAccounts.lockById(id.toLowerCase());
      if (!locked) return accountNotFound();
      if (locked.unusable === null) return err(domainError('CONFLICT', MESSAGES.NOTHING_TO_REINSTATE));
      const account = reinstate(locked);
      await recordAccountChange(tx, this.deps, {
        account,
        status: 'USABLE',
        facts: { reason },
        action: 'LINKED_ACCOUNT_REINSTATED',
        actor: principal.subject,
        audit: { reason, wasUnusableSince: locked.unusable.since.toISOString(), code: locked.unusable.code },
      });
      return ok(operatorLinkedAccountView(account));
    });
  }
}
