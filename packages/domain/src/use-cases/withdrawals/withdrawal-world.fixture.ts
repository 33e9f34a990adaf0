import type { ApplicationToken, WithdrawalSource } from '../../application-token/application-token.js';
import { walletAccount, walletCreditEntry } from '../../ledger/ledger-entry.js';
import type { LinkKind } from '../../linked-account/link-kind.js';
import { OPTION_TYPE } from '../../linked-account/link-kind.js';
import type { LinkedAccount } from '../../linked-account/linked-account.js';
import { Money } from '../../money/money.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import { RAIL_IDS, type RailId } from '../../rails/rail-id.js';
import { createRailRegistry } from '../../rails/rail-registry.js';
import { InMemoryUnitOfWork } from '../../testing/in-memory-unit-of-work.js';
import { ManualClock } from '../../testing/manual-clock.js';
import { ScriptedRail } from '../../testing/scripted-rail.js';
import { SequentialIds } from '../../testing/sequential-ids.js';
import type { Wallet } from '../../wallet/wallet.js';
import type { WithdrawalFlowDeps } from './debit-and-dispatch.js';
import { DecideWithdrawal } from './decide-withdrawal.use-case.js';
import { RequestWithdrawal } from './request-withdrawal.use-case.js';
import { ExpireApproval, PollWithdrawal, SubmitWithdrawal } from './withdrawal-jobs.handlers.js';
import { DEFAULT_WITHDRAWAL_SETTINGS } from './withdrawal-settings.js';

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
  readonly payoutsEnabled?: boolean;
  readonly approvalThreshold?: string;
  readonly token?: {
    readonly purpose?: 'ACCOUNT_LINK' | 'PAYMENT_LINK';
    readonly source?: WithdrawalSource;
    readonly amount?: string;
    readonly status?: 'ACTIVE' | 'INACTIVE';
    readonly expiresInMs?: number;
  };
}

/** A deterministic in-memory world: one unit of work, a manual clock, a scripted rail per rail id. */
export class WithdrawalWorld {
  readonly clock = new ManualClock('2026-03-02T10:00:00.000Z');
  readonly ids = new SequentialIds();
  readonly uow = new InMemoryUnitOfWork();
  readonly rails = new Map<RailId, ScriptedRail>(RAIL_IDS.map((id) => [id, new ScriptedRail(id, 1000, 0)]));
  readonly deps: WithdrawalFlowDeps;

  constructor(railOverrides: readonly ScriptedRail[] = []) {
    for (const rail of railOverrides) this.rails.set(rail.id, rail);
    this.deps = {
      unitOfWork: this.uow,
      rails: createRailRegistry([...this.rails.values()]),
      clock: this.clock,
      ids: this.ids,
      settings: {
        ...DEFAULT_WITHDRAWAL_SETTINGS,
        railTimeoutMs: 1000,
        submitRetryDelayMs: 1000,
        maxSubmitAttempts: 5,
      },
    };
  }

  rail(id: RailId): ScriptedRail {
    return this.rails.get(id) as ScriptedRail;
  }

  get request(): RequestWithdrawal {
    return new RequestWithdrawal(this.deps);
  }

  get decide(): DecideWithdrawal {
    return new DecideWithdrawal(this.deps);
  }

  operator(subject = 'operator-1'): Principal {
    return { subject, merchantId: null, entityId: null, scopes: new Set(['operator']) };
  }

  async customer(options: CustomerOptions = {}): Promise<Customer> {
    const now = this.clock.now();
    const [merchantId, merchantWalletId, entityId, walletId, accountId, tokenId] = Array.from(
      { length: 6 },
      () => this.ids.next(),
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
      destination: { accountNumber: '123456789' },
      createdAt: now,
    };
    await this.uow.run(async (tx) => {
      await tx.merchants.save({
        id: merchantId,
        name: 'Acme',
        payoutsEnabled: options.payoutsEnabled ?? true,
        approvalThreshold: Money.of(options.approvalThreshold ?? '10000.00'),
        feeOverrides: {},
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
        externalIdentifier: 'ext-1',
        walletId,
        createdAt: now,
      });
      await tx.applicationTokens.insert(token);
      await tx.linkedAccounts.insert(account);
    });
    await this.fund(walletId, options.balance ?? '1000.00');
    await this.fund(merchantWalletId, options.merchantBalance ?? '0');
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
  async fund(walletId: string, amount: string): Promise<void> {
    if (Money.of(amount).isZero()) return;
    await this.uow.run(async (tx) => {
      const wallet = (await tx.wallets.lockById(walletId)) as Wallet;
      await tx.wallets.update({ ...wallet, balance: wallet.balance.plus(Money.of(amount)) });
      await tx.ledger.append(
        walletCreditEntry(this.ids.next(), walletId, Money.of(amount), 'funding', this.clock.now()),
      );
    });
  }

  async balance(walletId: string): Promise<string> {
    return ((await this.uow.read.wallets.findById(walletId)) as Wallet).balance.toString();
  }

  /** The ledger invariant: every entry balances and every wallet's balance equals its postings. */
  async ledgerProblems(): Promise<string[]> {
    const problems = [...(await this.uow.read.ledger.unbalancedEntryIds())].map((id) => `unbalanced ${id}`);
    for (const wallet of this.uow.state.wallets.values()) {
      const postings = Money.sum(
        this.uow.state.ledger
          .flatMap((e) => e.lines)
          .filter((l) => l.account === walletAccount(wallet.id))
          .map((l) => l.amount),
      );
      if (!postings.equals(wallet.balance))
        problems.push(`wallet ${wallet.id}: ${wallet.balance} ≠ ${postings}`);
    }
    return problems;
  }

  /** Runs committed jobs like a worker, moving the clock to each job's start time; webhook jobs are left queued. */
  async runJobs(maxRounds = 100): Promise<void> {
    const handlers = {
      submit: new SubmitWithdrawal(this.deps),
      poll: new PollWithdrawal(this.deps),
      expire: new ExpireApproval(this.deps),
    };
    for (let round = 0; round < maxRounds; round++) {
      const pending = this.uow.jobs.filter((q) => q.job.name !== 'webhook.deliver');
      if (pending.length === 0) return;
      const next = pending.reduce((a, b) => (startOf(a) <= startOf(b) ? a : b));
      if (startOf(next) > this.clock.now().getTime()) this.clock.set(new Date(startOf(next)));
      this.uow.state.jobs = this.uow.state.jobs.filter((q) => q !== next);
      const job = next.job;
      if (job.name === 'withdrawal.submit') await handlers.submit.handle(job.withdrawalId, job.attempt);
      else if (job.name === 'withdrawal.poll') await handlers.poll.handle(job.withdrawalId);
      else if (job.name === 'withdrawal.expire-approval') await handlers.expire.handle(job.withdrawalId);
    }
    throw new Error('jobs did not settle');
  }

  statuses(withdrawalId: string): string[] {
    return (this.uow.state.withdrawals.get(withdrawalId)?.history ?? []).map((c) => c.status);
  }

  eventsOf(withdrawalId: string) {
    return [...this.uow.state.webhookEvents.values()]
      .filter((e) => e.withdrawalId === withdrawalId)
      .sort((a, b) => a.sequence - b.sequence);
  }

  reversals(withdrawalId: string): number {
    return this.uow.state.ledger.filter(
      (e) => e.withdrawalId === withdrawalId && e.kind === 'WITHDRAWAL_REVERSAL',
    ).length;
  }
}

const startOf = (queued: { options: { startAfter?: Date } }): number =>
  queued.options.startAfter?.getTime() ?? 0;
