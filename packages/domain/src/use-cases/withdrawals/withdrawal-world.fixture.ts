import { walletAccount } from '../../ledger/ledger-entry.js';
import { JsonNumber, Money } from '../../money/money.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import { RAIL_IDS, type RailId } from '../../rails/rail-id.js';
import { createRailRegistry } from '../../rails/rail-registry.js';
import { type Customer, type CustomerOptions, fund, seedCustomer } from '../../testing/customer.fixture.js';

export type { Customer, CustomerOptions };

import type { QueuedJob } from '../../testing/in-memory-state.js';
import { type InMemoryReruns, InMemoryUnitOfWork } from '../../testing/in-memory-unit-of-work.js';
import { ManualClock } from '../../testing/manual-clock.js';
import { ScriptedRail } from '../../testing/scripted-rail.js';
import { SequentialIds } from '../../testing/sequential-ids.js';
import type { Wallet } from '../../wallet/wallet.js';
import type { WebhookBody } from '../../webhooks/webhook-event.js';
import { DecideWithdrawal } from './decisions/decide-withdrawal.use-case.js';
import { ExpireApproval } from './decisions/expire-approval.handler.js';
import { DueWithdrawals } from './poll/due-withdrawals.use-case.js';
import { RequestWithdrawal } from './request/request-withdrawal.use-case.js';
import type { WithdrawalFlowDeps } from './submit/debit-and-dispatch.js';
import { DEFAULT_WITHDRAWAL_SETTINGS } from './withdrawal-settings.js';

/**
 * A deterministic in-memory world: one unit of work, a manual clock, a scripted rail per rail id. Its unit of work
 * runs every unit twice, the first run rolled back (InMemoryReruns), so every test in it also proves that the use
 * cases it drives are safe to rerun.
 */
export class WithdrawalWorld {
  readonly clock = new ManualClock('2026-03-02T10:00:00.000Z');
  readonly ids = new SequentialIds();
  readonly uow: InMemoryUnitOfWork;
  readonly rails = new Map<RailId, ScriptedRail>(RAIL_IDS.map((id) => [id, new ScriptedRail(id, 1000, 0)]));
  readonly deps: WithdrawalFlowDeps;

  /**
   * `disabled`: rails this world's deployment switched off (RAILS=…=disabled). `reruns`: `on-demand` only for a test
   * that counts what one run of a unit's work does.
   */
  constructor(
    railOverrides: readonly ScriptedRail[] = [],
    disabled: readonly RailId[] = [],
    reruns: InMemoryReruns = 'every-unit',
  ) {
    this.uow = new InMemoryUnitOfWork(reruns);
    for (const rail of railOverrides) this.rails.set(rail.id, rail);
    this.deps = {
      unitOfWork: this.uow,
      rails: createRailRegistry(
        [...this.rails.values()].filter((rail) => !disabled.includes(rail.id)),
        disabled,
      ),
      clock: this.clock,
      ids: this.ids,
      settings: {
        ...DEFAULT_WITHDRAWAL_SETTINGS,
        railTimeoutMs: 1000,
        submitRetryDelayMs: 1000,
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

  customer(options: CustomerOptions = {}): Promise<Customer> {
    return seedCustomer(this.uow, this.ids, this.clock.now(), options);
  }

  fund(walletId: string, amount: string): Promise<void> {
    return fund(this.uow, this.ids, this.clock.now(), walletId, amount);
  }

  async balance(walletId: string): Promise<string> {
    return ((await this.uow.read.wallets.findById(walletId)) as Wallet).balance.toString();
  }

  /**
   * The ledger invariant: every entry balances, every wallet's balance equals its postings, and the settlement
   * accounts equal the withdrawals (LedgerRepository.settlementDrift).
   */
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
    for (const drift of await this.uow.read.ledger.settlementDrift())
      problems.push(`${drift.account}: postings ${drift.postings} ≠ payouts ${drift.payouts}`);
    return problems;
  }

  /**
   * Works like the workers: runs whatever is due first, a committed job or a withdrawal whose `nextCheckAt`
   * came, moving the clock to its time, until nothing is left.
   */
  async runJobs(maxRounds = 100): Promise<void> {
    const due = new DueWithdrawals(this.deps);
    const expire = new ExpireApproval(this.deps);
    for (let round = 0; round < maxRounds; round++) {
      const job = this.uow.jobs.reduce<QueuedJob | null>(
        (a, b) => (a && startOf(a) <= startOf(b) ? a : b),
        null,
      );
      const checks = [...this.uow.state.withdrawals.values()].map(
        (w) => w.nextCheckAt?.getTime() ?? Infinity,
      );
      const nextCheck = Math.min(...checks);
      if (!job && nextCheck === Infinity) return;
      const at = Math.min(job ? startOf(job) : Infinity, nextCheck);
      if (at > this.clock.now().getTime()) this.clock.set(new Date(at));
      if (job && startOf(job) === at) {
        this.uow.state.jobs = this.uow.state.jobs.filter((q) => q !== job);
        await expire.handle(job.job.withdrawalId);
      } else {
        for (const claimed of await due.claimDue(1)) await due.handle(claimed);
      }
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

  /** The bodies of the withdrawal's webhook events, parsed, in sequence order. */
  bodiesOf(withdrawalId: string): WebhookBody[] {
    return this.eventsOf(withdrawalId).map((e) => JSON.parse(e.body) as WebhookBody);
  }

  reversals(withdrawalId: string): number {
    return this.uow.state.ledger.filter(
      (e) => e.withdrawalId === withdrawalId && e.kind === 'WITHDRAWAL_REVERSAL',
    ).length;
  }
}

const startOf = (queued: { options: { startAfter?: Date } }): number =>
  queued.options.startAfter?.getTime() ?? 0;

/** A valid endpoint-1 body (100.00 from the SPEND wallet) with `overrides` applied. */
export const withdrawalBody = (overrides: Record<string, unknown> = {}) => ({
  amount: JsonNumber.of('100'),
  walletType: 'SPEND',
  ...overrides,
});

/** Endpoint 1 for the customer's linked account, with the body exactly as given. */
export function withdraw(
  world: WithdrawalWorld,
  c: Customer,
  b: Record<string, unknown> = withdrawalBody(),
  currency = 'USD',
) {
  return world.request.execute(c.principal, { currency, linkedAccountId: c.accountId, body: b });
}

/**
 * An ACH withdrawal whose rail never answers (`detail`), retried until its backoff outlasts any lease: a payout
 * whose outcome is unknown, for an operator to act on.
 */
export async function unresolvedWithdrawal(world: WithdrawalWorld, detail = 'timed out after sending') {
  world
    .rail('ACH')
    .willSubmit(...Array.from({ length: 100 }, () => ({ kind: 'UNAVAILABLE', detail }) as const));
  const c = await world.customer();
  const requested = await withdraw(world, c, withdrawalBody());
  if (!requested.ok) throw new Error(requested.error.message);
  const id = requested.value.withdrawal.id;
  await world.runJobs(8).catch(() => undefined);
  return { c, id };
}
