import type { RailStatus } from '../../../ports/payout-rail.port.js';
import type { TransactionScope } from '../../../ports/unit-of-work.port.js';
import { RAILS_WITH_PROCESSING_STATE } from '../../../rails/rail-id.js';
import { railOf, takenByAnother } from '../../../rails/rail-registry.js';
import { checkAt, noteFailureCode, type Withdrawal } from '../../../withdrawal/withdrawal.js';
import { applyAccountNews } from '../../accounts/account-changes.js';
import { moveWithdrawal, onLatestWithdrawal } from '../status-change/move-withdrawal.js';
import type { WithdrawalFlowDeps } from '../submit/debit-and-dispatch.js';
import { must, nextPollAt, nextReturnCheckAt } from '../submit/rail-dispatcher.js';

/** When the withdrawal entered SUCCESS, for the return window. */
const settledAt = (withdrawal: Withdrawal): Date | null =>
  withdrawal.history.findLast((change) => change.status === 'SUCCESS')?.at ?? null;

/**
 * Asks the rail how a submitted payout is doing and applies the answer; keeps the withdrawal scheduled
 * (`nextCheckAt`) until the payout is final and, after SUCCESS, until the rail's return window has closed. Every
 * move re-reads the withdrawal under lock, so a stale or duplicate poll changes nothing twice.
 */
export class PollWithdrawal {
  constructor(private readonly deps: WithdrawalFlowDeps) {}

  /**
   * Polls for `withdrawal` as read (unlocked, e.g. when claimed); the answer is applied to it as stored (see
   * onLatestWithdrawal).
   */
  async pollClaimed(withdrawal: Withdrawal): Promise<void> {
    const { unitOfWork, rails, clock } = this.deps;
    if (!this.isPollable(withdrawal)) return;
    // Taken before the rail is asked: the answer is true as of then, however late its commit lands.
    const observedAt = clock.now();
    const status = await railOf(rails, withdrawal).status({
      withdrawalId: withdrawal.id,
      reference: withdrawal.railReference as string,
      amount: withdrawal.amount,
      submittedAt: withdrawal.submittedAt as Date,
    });
    const answer: RailAnswer = { status, observedAt };
    await onLatestWithdrawal(
      unitOfWork,
      withdrawal,
      async (tx, current) => {
        const next = this.isPollable(current) ? await this.applyWithNews(tx, current, answer) : current;
        // A withdrawal changed since the claim (another worker holds it now, or a fresher answer scheduled it)
        // keeps its schedule unless this answer moved it: a stale answer must not clear or shorten that watch.
        if (next !== current || asClaimed(current, withdrawal)) await this.reschedule(tx, next, answer);
      },
      undefined,
    );
  }

  /**
   * Submitted and not final, or settled on a rail that reports returns. A poll scheduled inside the return
   * window still asks once even if it runs late: a busy queue must not make a return go unnoticed.
   */
  isPollable(withdrawal: Withdrawal): boolean {
    if (withdrawal.railReference === null || withdrawal.submittedAt === null) return false;
    if (withdrawal.status === 'PENDING' || withdrawal.status === 'PROCESSING_PAY_OUT') return true;
    return withdrawal.status === 'SUCCESS' && this.deps.rails.get(withdrawal.rail).returnWindowMs > 0;
  }

  /**
   * When the payout settled, for the return watch: the settlement time the rail reports, else the SUCCESS it
   * caused. Null while the withdrawal is not settled, or when there is nothing to watch.
   */
  private settlementTime(withdrawal: Withdrawal, { status }: RailAnswer): Date | null {
    if (withdrawal.status !== 'SUCCESS' || !this.isPollable(withdrawal)) return null;
    return (status.kind === 'SETTLED' ? status.settledAt : undefined) ?? settledAt(withdrawal);
  }

  /**
   * The answer applied, with what it says of the linked account first (a correction; a return or failure whose
   * code says it cannot receive marks it unusable in this transaction, the one that reverses the debit).
   */
  private async applyWithNews(
    tx: TransactionScope,
    withdrawal: Withdrawal,
    answer: RailAnswer,
  ): Promise<Withdrawal> {
    const { status } = answer;
    const failed = status.kind === 'FAILED' || status.kind === 'RETURNED';
    await applyAccountNews(tx, this.deps, withdrawal, railOf(this.deps.rails, withdrawal).provider, {
      ...(status.correction ? { correction: status.correction } : {}),
      ...(failed && status.accountUnusable
        ? { accountUnusable: true, code: status.code, reason: status.reason }
        : {}),
    });
    return this.apply(tx, withdrawal, answer);
  }

  private async apply(tx: TransactionScope, withdrawal: Withdrawal, answer: RailAnswer): Promise<Withdrawal> {
    const { ids, clock } = this.deps;
    const { status } = answer;
    const now = clock.now();
    // Each move writes the next check with it, so the reschedule after it has nothing left to write.
    const schedule = (moved: Withdrawal) => this.nextCheck(moved, answer);
    const move = async (w: Withdrawal, to: 'PROCESSING_PAY_OUT' | 'SUCCESS') =>
      must(await moveWithdrawal(tx, ids, w, to, now, null, schedule));
    switch (status.kind) {
      case 'PENDING':
      case 'UNAVAILABLE':
        return withdrawal;
      case 'PROCESSING':
        return withdrawal.status === 'PENDING' && RAILS_WITH_PROCESSING_STATE.has(withdrawal.rail)
          ? move(withdrawal, 'PROCESSING_PAY_OUT')
          : withdrawal;
      case 'SETTLED': {
        if (withdrawal.status === 'SUCCESS') return withdrawal;
        const processed =
          withdrawal.status === 'PENDING' && RAILS_WITH_PROCESSING_STATE.has(withdrawal.rail)
            ? await move(withdrawal, 'PROCESSING_PAY_OUT')
            : withdrawal;
        return move(processed, 'SUCCESS');
      }
      case 'RETURNED': {
        // A return means the payout had settled: announce SUCCESS first, even if no poll saw it in time.
        const settled =
          withdrawal.status === 'SUCCESS'
            ? withdrawal
            : await this.apply(tx, withdrawal, { ...answer, status: { kind: 'SETTLED' } });
        const coded = noteFailureCode(settled, status.code);
        return must(await moveWithdrawal(tx, ids, coded, 'FAILED', now, status.reason, schedule));
      }
      case 'FAILED':
        return must(
          await moveWithdrawal(
            tx,
            ids,
            noteFailureCode(withdrawal, status.code),
            'FAILED',
            now,
            status.reason,
            schedule,
          ),
        );
    }
  }

  /**
   * The next poll while still watched, else none: until final, every `pollIntervalMs`, or when the rail expects the
   * payout to move on if that is later; once settled, at the rail's return cadence and then at widening gaps
   * (`returnPollIntervalMs` after settlement, then twice that, four times …) until the return window closes, the
   * last check when it does. Only an answer observed once the window had closed ends the watch: one observed
   * before it and committed after it (a backlog, a slow commit, a lease that ran out meanwhile) leaves the last
   * check due at once. After an unavailable rail, `pollRetryDelayMs`, even past the window: a return must not go
   * unnoticed because the rail was down at the last check.
   */
  private nextCheck(withdrawal: Withdrawal, answer: RailAnswer): Date | null {
    if (!this.isPollable(withdrawal)) return null;
    const { status, observedAt } = answer;
    const rail = this.deps.rails.get(withdrawal.rail);
    const now = this.deps.clock.now();
    if (status.kind === 'UNAVAILABLE') {
      // Taken by a provider that no longer serves the rail: nothing changes until the configuration does.
      const { pollRetryDelayMs, maxSubmitRetryDelayMs } = this.deps.settings;
      const delay = takenByAnother(this.deps.rails, withdrawal) ? maxSubmitRetryDelayMs : pollRetryDelayMs;
      return new Date(now.getTime() + Math.max(delay, status.retryAfterMs ?? 0));
    }
    if (withdrawal.status !== 'SUCCESS') {
      const expected =
        status.kind === 'PENDING' || status.kind === 'PROCESSING' ? status.expectedBy : undefined;
      return nextPollAt(now, rail.pollIntervalMs, expected);
    }
    const settled = this.settlementTime(withdrawal, answer);
    // Counted from the settlement, so a backlogged worker that first looks after the window closed is done then.
    if (settled === null || observedAt.getTime() >= settled.getTime() + rail.returnWindowMs) return null;
    return nextReturnCheckAt(now, settled, rail);
  }

  /** The next check, written only when it changes (a move has written it already). */
  private async reschedule(tx: TransactionScope, withdrawal: Withdrawal, answer: RailAnswer): Promise<void> {
    const at = this.nextCheck(withdrawal, answer);
    if (withdrawal.nextCheckAt?.getTime() !== at?.getTime())
      await tx.withdrawals.update(checkAt(withdrawal, at), withdrawal.sequence);
  }
}

/** A rail's status answer and when it was asked for. */
interface RailAnswer {
  readonly status: RailStatus;
  readonly observedAt: Date;
}

/** Stored as it was claimed: no move and no other schedule (another worker's lease) since. */
const asClaimed = (current: Withdrawal, claimed: Withdrawal): boolean =>
  current.sequence === claimed.sequence && current.nextCheckAt?.getTime() === claimed.nextCheckAt?.getTime();
