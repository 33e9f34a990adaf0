import type { ApplicationToken } from '../../application-token/application-token.js';
import type { Entity } from '../../entity/entity.js';
import type { LinkedAccount } from '../../linked-account/linked-account.js';
import type { Merchant } from '../../merchant/merchant.js';
import { Money } from '../../money/money.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import type { Wallet } from '../../wallet/wallet.js';
import { buildWebhookBody, type WebhookEvent } from '../../webhooks/webhook-event.js';
import { createWithdrawal, type Withdrawal } from '../../withdrawal/withdrawal.js';
import { contractIds } from './contract-subject.js';

export const T0 = new Date('2026-03-01T10:00:00.000Z');
export const at = (offsetMs: number): Date => new Date(T0.getTime() + offsetMs);

/** A merchant, its wallet, one entity with a SPEND wallet, an account-link token and a linked bank account. */
export interface Parties {
  readonly merchant: Merchant;
  readonly merchantWallet: Wallet;
  readonly entity: Entity;
  readonly wallet: Wallet;
  readonly token: ApplicationToken;
  readonly account: LinkedAccount;
}

export function buildParties(balance = '0.00'): Parties {
  const merchantId = contractIds.next();
  const entityId = contractIds.next();
  const wallet = (id: string, ownerId: string, walletType: Wallet['walletType'], amount: string): Wallet => ({
    id,
    merchantId,
    ownerId,
    walletType,
    currency: 'USD',
    balance: Money.of(amount),
    disabled: false,
  });
  const merchantWallet = wallet(contractIds.next(), merchantId, 'MERCHANT', '0.00');
  const spend = wallet(contractIds.next(), entityId, 'SPEND', balance);
  const token: ApplicationToken = {
    id: contractIds.next(),
    tokenHash: `contract-hash-${entityId}`,
    merchantId,
    entityId,
    purpose: 'ACCOUNT_LINK',
    amount: null,
    withdrawalSource: 'ENTITY_WALLET',
    expiresAt: at(3_600_000),
    status: 'ACTIVE',
    createdAt: T0,
  };
  return {
    merchant: {
      id: merchantId,
      name: 'Contract Merchant',
      payoutsEnabled: true,
      approvalThreshold: Money.of('10000.00'),
      feeOverrides: {},
      walletId: merchantWallet.id,
      createdAt: T0,
    },
    merchantWallet,
    entity: {
      id: entityId,
      merchantId,
      entityType: 'USER',
      email: 'payee@example.test',
      externalIdentifier: null,
      walletId: spend.id,
      createdAt: T0,
    },
    wallet: spend,
    token,
    account: {
      id: contractIds.next(),
      merchantId,
      entityId,
      walletId: spend.id,
      kind: 'bank',
      optionType: 'bank',
      currency: 'USD',
      label: 'Checking',
      counterPartyName: 'Pat Payee',
      lastFourDigits: '6789',
      applicationTokenId: token.id,
      destination: { accountNumber: '000123456789', routingNumber: '011000015', accountType: 'CHECKING' },
      createdAt: T0,
      unusable: null,
      correctedAt: null,
      eventSequence: 0,
    },
  };
}

/** Stores the parties in the order foreign keys allow, in one unit of work. */
export async function seedParties(unitOfWork: UnitOfWork, balance = '0.00'): Promise<Parties> {
  const parties = buildParties(balance);
  await unitOfWork.run(async (tx) => {
    await tx.merchants.save(parties.merchant);
    await tx.wallets.insert(parties.merchantWallet);
    await tx.wallets.insert(parties.wallet);
    await tx.entities.insert(parties.entity);
    await tx.applicationTokens.insert(parties.token);
    await tx.linkedAccounts.insert(parties.account);
  });
  return parties;
}

export function buildWithdrawal(
  parties: Parties,
  amount = '10.00',
  status: 'PENDING' | 'AWAITING_APPROVAL' = 'PENDING',
  createdAt = T0,
  approvalExpiresAt: Date | null = null,
): Withdrawal {
  const value = Money.of(amount);
  const fees = Money.of('0.25');
  return createWithdrawal(
    {
      id: contractIds.next(),
      merchantId: parties.merchant.id,
      entityId: parties.entity.id,
      linkedAccountId: parties.account.id,
      walletId: parties.wallet.id,
      flow: 'PAYOUT',
      rail: 'ACH',
      currency: 'USD',
      amount: value,
      fees,
      total: value.plus(fees),
      reason: 'contract',
      requestedBy: 'subject-1',
      applicationTokenId: null,
      approvalExpiresAt,
      createdAt,
    },
    status,
    status === 'PENDING',
  );
}

/** A PENDING event of a stored withdrawal, due at once, never attempted. */
export function buildWebhookEvent(parties: Parties, withdrawalId: string, sequence: number): WebhookEvent {
  const withdrawal = { ...buildWithdrawal(parties, '12.30'), id: withdrawalId };
  return {
    id: contractIds.next(),
    merchantId: parties.merchant.id,
    withdrawalId,
    linkedAccountId: null,
    sequence,
    status: 'PENDING',
    body: JSON.stringify(buildWebhookBody(withdrawal, parties.entity, at(sequence))),
    createdAt: at(sequence),
    deliveryState: 'PENDING',
    attempts: 0,
    nextAttemptAt: at(sequence),
    deliveredAt: null,
  };
}
