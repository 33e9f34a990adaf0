import type { LedgerEntryKind } from '../../ledger/ledger-entry.js';
import { mapPage, type Page, type PageRequest } from '../../ports/page.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { Repositories, UnitOfWork } from '../../ports/unit-of-work.port.js';
import { domainError, MESSAGES } from '../../shared/domain-error.js';
import { isUuid } from '../../shared/request-field.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Wallet } from '../../wallet/wallet.js';
import { type WalletView, walletView } from '../operator/entity-wallet-operations.use-case.js';

export interface WalletDetail extends WalletView {
  readonly merchantId: string;
}

export interface PostingView {
  readonly id: string;
  readonly kind: LedgerEntryKind;
  /** The withdrawal a debit or reversal belongs to; null for a credit. */
  readonly transactionId: string | null;
  /** Signed decimal string: positive raised the balance. */
  readonly amount: string;
  readonly balanceAfter: string;
  readonly createdAt: string;
}

/** An operator; the wallet's merchant (`merchant.apis`); or, for a SPEND wallet, its entity (`external.apis`). */
const canReadWallet = (p: Principal, w: Wallet): boolean => {
  if (p.scopes.has('operator')) return true;
  if (p.merchantId !== w.merchantId) return false;
  if (p.scopes.has('merchant.apis')) return true;
  return p.scopes.has('external.apis') && w.walletType === 'SPEND' && p.entityId === w.ownerId;
};

const isCaller = (p: Principal): boolean =>
  ['operator', 'merchant.apis', 'external.apis'].some((scope) => p.scopes.has(scope));

/**
 * `GET /v1/wallets/:walletId` and its ledger: a wallet anyone else asks for is answered as one that does not exist.
 */
export class WalletReads {
  constructor(private readonly deps: { readonly unitOfWork: UnitOfWork }) {}

  async wallet(principal: Principal, walletId: string): Promise<Result<WalletDetail>> {
    const found = await this.readable(principal, walletId, await this.deps.unitOfWork.readFor(principal));
    if (!found.ok) return found;
    return ok({ ...walletView(found.value), merchantId: found.value.merchantId });
  }

  async postings(
    principal: Principal,
    walletId: string,
    page: PageRequest,
    transactionId?: string,
  ): Promise<Result<Page<PostingView>>> {
    const read = await this.deps.unitOfWork.readFor(principal);
    const found = await this.readable(principal, walletId, read);
    if (!found.ok) return found;
    // Another wallet's withdrawal has no postings on this one: the filter cannot reach past the wallet's owner.
    const postings = await read.lists.walletPostings(found.value.id, page, transactionId);
    return ok(
      mapPage(postings, (p) => ({
        id: p.id,
        kind: p.kind,
        transactionId: p.withdrawalId,
        amount: p.amount.toString(),
        balanceAfter: p.balanceAfter.toString(),
        createdAt: p.createdAt.toISOString(),
      })),
    );
  }

  private async readable(
    principal: Principal,
    walletId: string,
    read: Repositories,
  ): Promise<Result<Wallet>> {
    if (!isCaller(principal)) return err(domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));
    const wallet = isUuid(walletId) ? await read.wallets.findById(walletId.toLowerCase()) : null;
    if (!wallet || !canReadWallet(principal, wallet))
      return err(domainError('NOT_FOUND', MESSAGES.NOT_FOUND('Wallet')));
    return ok(wallet);
  }
}
