import type { ApplicationToken, WithdrawalSource } from '../application-token/application-token.js';
import { walletCreditEntry } from '../ledger/ledger-entry.js';
import { type LinkKind, OPTION_TYPE } from '../linked-account/link-kind.js';
import type { LinkedAccount } from '../linked-account/linked-account.js';
import { Money } from '../money/money.js';
import type { FeeOverrides } from '../policy/payout-terms.js';
import type { IdGenerator } from '../ports/id-generator.port.js';
import type { Principal } from '../ports/token-verifier.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Wallet } from '../wallet/wallet.js';

export interface Customer {
  readonly merchantId: string;
  readonly merchantWalletId: string;
  readonly entityId: string;
  readonly walletId: string;
  readonly accountId: string;
  readonly tokenId: string;
  readonly principal: Principal;
}

export interface CustomerOptions {
  readonly balance?: string;
  readonly merchantBalance?: string;
  readonly kind?: LinkKind;
  /** The linked account's decrypted details; a US bank account's numbers by default. */
  readonly destination?: Readonly<Record<string, string>>;
  readonly payoutsEnabled?: boolean;
  readonly approvalThreshold?: string;
  readonly feeOverrides?: FeeOverrides;
  readonly token?: {
    readonly purpose?: 'ACCOUNT_LINK' | 'PAYMENT_LINK';
    readonly source?: WithdrawalSource;
    readonly amount?: string;
    readonly status?: 'ACTIVE' | 'INACTIVE';
    readonly expiresInMs?: number;
  };
}

/** A merchant with one entity, its SPEND wallet funded through the ledger, and a linked account of `kind`. */
export async function seedCustomer(
  uow: UnitOfWork,
  ids: IdGenerator,
  now: Date,
  options: CustomerOptions = {},
): Promise<Customer> {
  const [merchantId, merchantWalletId, entityId, walletId, accountId, tokenId] = Array.from(
    { length: 6 },
    () => ids.next(),
  ) as [string, string, string, string, string, string];
  const wallet = (id: string, ownerId: string, type: Wallet['walletType']): Wallet => ({
    id,
    merchantId,
    ownerId,
    walletType: type,
    currency: 'USD',
    balance: Money.of('0'),
    disabled: false,
  });
  const kind = options.kind ?? 'bank';
  const t = options.token ?? {};
  const token: ApplicationToken = {
    id: tokenId,
    tokenHash: `hash-${tokenId}`,
    merchantId,
    entityId,
    purpose: t.purpose ?? 'ACCOUNT_LINK',
    amount: t.amount ? Money.of(t.amount) : null,
    withdrawalSource: t.source ?? 'ENTITY_WALLET',
    expiresAt: new Date(now.getTime() + (t.expiresInMs ?? 3_600_000)),
    status: t.status ?? 'ACTIVE',
    createdAt: now,
  };
  const account: LinkedAccount = {
    id: accountId,
    merchantId,
    entityId,
    walletId,
    kind,
    optionType: OPTION_TYPE[kind],
    currency: 'USD',
    label: 'Main account',
    counterPartyName: 'Ada Lovelace',
    lastFourDigits: '6789',
    applicationTokenId: tokenId,
    destination: options.destination ?? { accountNumber: '123456789', routingNumber: '021000021' },
    createdAt: now,
    unusable: null,
    correctedAt: null,
    eventSequence: 0,
  };
  await uow.run(async (tx) => {
    await tx.merchants.save({
      id: merchantId,
      name: 'Acme',
      payoutsEnabled: options.payoutsEnabled ?? true,
      approvalThreshold: Money.of(options.approvalThreshold ?? '10000.00'),
      feeOverrides: options.feeOverrides ?? {},
      walletId: merchantWalletId,
      createdAt: now,
    });
    await tx.wallets.insert(wallet(merchantWalletId, merchantId, 'MERCHANT'));
    await tx.wallets.insert(wallet(walletId, entityId, 'SPEND'));
    await tx.entities.insert({
      id: entityId,
      merchantId,
      entityType: 'USER',
      email: 'ada@example.com',
      externalIdentifier: `ext-${entityId}`,
      walletId,
      createdAt: now,
    });
    await tx.applicationTokens.insert(token);
    await tx.linkedAccounts.insert(account);
  });
  await fund(uow, ids, now, walletId, options.balance ?? '1000.00');
  await fund(uow, ids, now, merchantWalletId, options.merchantBalance ?? '0');
  return {
    merchantId,
    merchantWalletId,
    entityId,
    walletId,
    accountId,
    tokenId,
    principal: { subject: `user-${entityId}`, merchantId, entityId, scopes: new Set(['external.apis']) },
  };
}

/** Credits through the ledger, as the operator API does, so balances always equal postings. */
export async function fund(
  uow: UnitOfWork,
  ids: IdGenerator,
  now: Date,
  walletId: string,
  amount: string,
): Promise<void> {
  if (Money.of(amount).isZero()) return;
  await uow.run(async (tx) => {
    const wallet = (await tx.wallets.lockById(walletId)) as Wallet;
    await tx.wallets.update({ ...wallet, balance: wallet.balance.plus(Money.of(amount)) });
    await tx.ledger.append(walletCreditEntry(ids.next(), walletId, Money.of(amount), 'funding', now));
  });
}
