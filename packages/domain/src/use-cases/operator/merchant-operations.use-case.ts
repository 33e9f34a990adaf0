import type { Merchant } from '../../merchant/merchant.js';
import { Money } from '../../money/money.js';
import { DEFAULT_APPROVAL_THRESHOLD, type FeeOverrides } from '../../policy/payout-terms.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import { validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Wallet } from '../../wallet/wallet.js';
import { parseFeeOverrides, patchFeeOverrides } from './fee-overrides-input.js';
import {
  isNonEmptyString,
  notFound,
  type OperatorDeps,
  parsePositiveMoney,
  requireOperator,
} from './operator-deps.js';
import { recordAudit } from './record-audit.js';

export interface MerchantView {
  readonly id: string;
  readonly name: string;
  readonly payoutsEnabled: boolean;
  readonly approvalThreshold: string;
  /** Per rail, the fee rule that replaces the default fee (docs/product.md §5). */
  readonly feeOverrides: FeeOverrides;
  readonly createdAt: string;
  readonly wallet: {
    readonly id: string;
    readonly walletType: 'MERCHANT';
    readonly balance: string;
    readonly disabled: boolean;
  };
}

export const merchantView = (m: Merchant, w: Wallet): MerchantView => ({
  id: m.id,
  name: m.name,
  payoutsEnabled: m.payoutsEnabled,
  approvalThreshold: m.approvalThreshold.toString(),
  feeOverrides: m.feeOverrides,
  createdAt: m.createdAt.toISOString(),
  wallet: { id: w.id, walletType: 'MERCHANT', balance: w.balance.toString(), disabled: w.disabled },
});

/** `POST /v1/operator/merchants`: a merchant, payouts enabled, with its MERCHANT wallet. */
export class CreateMerchant {
  constructor(private readonly deps: OperatorDeps) {}

  async execute(principal: Principal, input: { readonly name?: unknown }): Promise<Result<MerchantView>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    if (!isNonEmptyString(input.name))
      return err(validationError('name', 'name must be a non-blank string of at most 200 characters'));
    const { ids, clock, unitOfWork } = this.deps;
    const now = clock.now();
    const merchant: Merchant = {
      id: ids.next(),
      name: input.name.trim(),
      payoutsEnabled: true,
      approvalThreshold: DEFAULT_APPROVAL_THRESHOLD,
      feeOverrides: {},
      walletId: ids.next(),
      createdAt: now,
    };
    const wallet: Wallet = {
      id: merchant.walletId,
      merchantId: merchant.id,
      ownerId: merchant.id,
      walletType: 'MERCHANT',
      currency: 'USD',
      balance: Money.ZERO,
      disabled: false,
    };
    await unitOfWork.run(async (tx) => {
      await tx.merchants.save(merchant);
      await tx.wallets.insert(wallet);
      await recordAudit(tx, this.deps, principal, 'MERCHANT_CREATED', merchant.id, {
        name: merchant.name,
        payoutsEnabled: merchant.payoutsEnabled,
        approvalThreshold: merchant.approvalThreshold.toString(),
        walletId: wallet.id,
      });
    }, principal);
    return ok(merchantView(merchant, wallet));
  }
}

/** `PATCH /v1/operator/merchants/:merchantId`: settings and fee overrides, all or none of them. */
export class UpdateMerchant {
  constructor(private readonly deps: OperatorDeps) {}

  async execute(
    principal: Principal,
    merchantId: string,
    input: {
      readonly payoutsEnabled?: unknown;
      readonly approvalThreshold?: unknown;
      readonly feeOverrides?: unknown;
    },
  ): Promise<Result<MerchantView>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    if (input.payoutsEnabled !== undefined && typeof input.payoutsEnabled !== 'boolean')
      return err(validationError('payoutsEnabled', 'payoutsEnabled must be a boolean'));
    const threshold =
      input.approvalThreshold === undefined
        ? null
        : parsePositiveMoney('approvalThreshold', input.approvalThreshold);
    if (threshold && !threshold.ok) return threshold;
    const feePatch = input.feeOverrides === undefined ? null : parseFeeOverrides(input.feeOverrides);
    if (feePatch && !feePatch.ok) return feePatch;
    return this.deps.unitOfWork.run(async (tx) => {
      // Locked: two patches at once each apply to what the other committed (a fee override is merged, not set).
      const merchant = await tx.merchants.lockById(merchantId);
      if (!merchant) return err(notFound('Merchant'));
      const next: Merchant = {
        ...merchant,
        payoutsEnabled: (input.payoutsEnabled as boolean | undefined) ?? merchant.payoutsEnabled,
        approvalThreshold: threshold?.ok ? threshold.value : merchant.approvalThreshold,
        feeOverrides: feePatch
          ? patchFeeOverrides(merchant.feeOverrides, feePatch.value)
          : merchant.feeOverrides,
      };
      await tx.merchants.save(next);
      await recordAudit(tx, this.deps, principal, 'MERCHANT_UPDATED', next.id, {
        ...(input.payoutsEnabled === undefined ? {} : { payoutsEnabled: next.payoutsEnabled }),
        ...(threshold ? { approvalThreshold: next.approvalThreshold.toString() } : {}),
        ...(feePatch ? { feeOverrides: feePatch.value } : {}),
      });
      const wallet = await tx.wallets.findById(merchant.walletId);
      if (!wallet) throw new Error(`merchant wallet ${merchant.walletId} is missing`);
      return ok(merchantView(next, wallet));
    }, principal);
  }
}
