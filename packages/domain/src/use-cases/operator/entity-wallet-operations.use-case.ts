import { ENTITY_TYPES, type Entity, type EntityType } from '../../entity/entity.js';
import { walletCreditEntry } from '../../ledger/ledger-entry.js';
import { Money } from '../../money/money.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import { validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import { creditWallet, type Wallet } from '../../wallet/wallet.js';
import {
  isNonEmptyString,
  notFound,
  type OperatorDeps,
  parsePositiveMoney,
  requireOperator,
} from './operator-deps.js';
import { recordAudit } from './record-audit.js';

export interface WalletView {
  readonly id: string;
  readonly walletType: Wallet['walletType'];
  readonly ownerId: string;
  readonly balance: string;
  readonly disabled: boolean;
  readonly currency: 'USD';
}

export const walletView = (w: Wallet): WalletView => ({
  id: w.id,
  walletType: w.walletType,
  ownerId: w.ownerId,
  balance: w.balance.toString(),
  disabled: w.disabled,
  currency: w.currency,
});

export interface EntityView {
  readonly id: string;
  readonly merchantId: string;
  readonly entityType: EntityType;
  readonly email: string;
  readonly externalIdentifier: string | null;
  readonly createdAt: string;
  readonly wallet: WalletView;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `POST /v1/operator/merchants/:merchantId/entities`: an entity with its SPEND wallet. */
export class CreateEntity {
  constructor(private readonly deps: OperatorDeps) {}

  async execute(
    principal: Principal,
    merchantId: string,
    input: { readonly entityType?: unknown; readonly email?: unknown; readonly externalIdentifier?: unknown },
  ): Promise<Result<EntityView>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    if (!ENTITY_TYPES.includes(input.entityType as EntityType))
      return err(validationError('entityType', 'entityType must be USER or BUSINESS'));
    if (typeof input.email !== 'string' || !EMAIL.test(input.email) || input.email.length > 254)
      return err(validationError('email', 'email must be an email address'));
    if (input.externalIdentifier !== undefined && !isNonEmptyString(input.externalIdentifier))
      return err(validationError('externalIdentifier', 'externalIdentifier must be a non-empty string'));
    const { ids, clock, unitOfWork } = this.deps;
    return unitOfWork.run(async (tx) => {
      const merchant = await tx.merchants.findById(merchantId);
      if (!merchant) return err(notFound('Merchant'));
      const now = clock.now();
      const entityId = ids.next();
      const wallet: Wallet = {
        id: ids.next(),
        merchantId,
        ownerId: entityId,
        walletType: 'SPEND',
        currency: 'USD',
        balance: Money.ZERO,
        disabled: false,
      };
      const entity: Entity = {
        id: entityId,
        merchantId,
        entityType: input.entityType as EntityType,
        email: input.email as string,
        externalIdentifier: (input.externalIdentifier as string | undefined) ?? null,
        walletId: wallet.id,
        createdAt: now,
      };
      await tx.wallets.insert(wallet);
      await tx.entities.insert(entity);
      await recordAudit(tx, this.deps, principal, 'ENTITY_CREATED', entity.id, {
        merchantId,
        entityType: entity.entityType,
        externalIdentifier: entity.externalIdentifier,
        walletId: wallet.id,
      });
      const { walletId: _, createdAt, ...rest } = entity;
      return ok({ ...rest, createdAt: createdAt.toISOString(), wallet: walletView(wallet) });
    }, principal);
  }
}

/** `POST /v1/operator/wallets/:walletId/credits`: funds a wallet with a balanced posting against funding. */
export class CreditWallet {
  constructor(private readonly deps: OperatorDeps) {}

  async execute(
    principal: Principal,
    walletId: string,
    input: { readonly amount?: unknown; readonly reason?: unknown },
  ): Promise<Result<WalletView>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const amount = parsePositiveMoney('amount', input.amount);
    if (!amount.ok) return amount;
    if (input.reason !== undefined && !isNonEmptyString(input.reason, 255))
      return err(validationError('reason', 'reason must be a string of at most 255 characters'));
    const { ids, clock, unitOfWork } = this.deps;
    return unitOfWork.run(async (tx) => {
      const wallet = await tx.wallets.lockById(walletId);
      if (!wallet) return err(notFound('Wallet'));
      // The cap is on all credits, not on today's balance: a payout in flight (or a settled one returned later)
      // gives its debit back, and the balance that reversal lands on must still fit its column.
      const creditedBefore = await tx.ledger.creditedTotal(wallet.id);
      if (creditedBefore.plus(amount.value).compare(Money.MAX) > 0)
        return err(
          validationError('amount', `credits to a wallet may total at most ${Money.MAX.toString()}`),
        );
      const credited = creditWallet(wallet, amount.value);
      await tx.wallets.update(credited);
      const memo = (input.reason as string | undefined) ?? 'operator credit';
      await tx.ledger.append(walletCreditEntry(ids.next(), wallet.id, amount.value, memo, clock.now()));
      await recordAudit(tx, this.deps, principal, 'WALLET_CREDITED', wallet.id, {
        amount: amount.value.toString(),
        reason: memo,
        balance: credited.balance.toString(),
      });
      return ok(walletView(credited));
    }, principal);
  }
}

/** `PATCH /v1/operator/wallets/:walletId`. */
export class UpdateWallet {
  constructor(private readonly deps: OperatorDeps) {}

  async execute(
    principal: Principal,
    walletId: string,
    input: { readonly disabled?: unknown },
  ): Promise<Result<WalletView>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    if (input.disabled !== undefined && typeof input.disabled !== 'boolean')
      return err(validationError('disabled', 'disabled must be a boolean'));
    return this.deps.unitOfWork.run(async (tx) => {
      const wallet = await tx.wallets.lockById(walletId);
      if (!wallet) return err(notFound('Wallet'));
      const next = { ...wallet, disabled: (input.disabled as boolean | undefined) ?? wallet.disabled };
      await tx.wallets.update(next);
      await recordAudit(
        tx,
        this.deps,
        principal,
        'WALLET_UPDATED',
        wallet.id,
        input.disabled === undefined ? {} : { disabled: next.disabled },
      );
      return ok(walletView(next));
    }, principal);
  }
}
