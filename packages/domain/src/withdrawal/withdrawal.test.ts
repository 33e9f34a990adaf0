import { expect } from 'chai';
import { Money } from '../money/money.js';
import { FAILURE_REASONS } from './failure-reason.js';
import {
  canTransition,
  createWithdrawal,
  transitionWithdrawal,
  WITHDRAWAL_STATUSES,
  type Withdrawal,
  type WithdrawalStatus,
  webhookStatusOf,
} from './withdrawal.js';

const T0 = new Date('2026-03-02T10:00:00.000Z');
const T1 = new Date('2026-03-02T10:00:05.000Z');

const created = (status: 'AWAITING_APPROVAL' | 'PENDING', debited: boolean): Withdrawal =>
  createWithdrawal(
    {
      id: 'wd-1',
      merchantId: 'm-1',
      entityId: 'e-1',
      linkedAccountId: 'la-1',
      walletId: 'w-1',
      flow: 'PAYOUT',
      rail: 'ACH',
      currency: 'USD',
      amount: Money.of('10.00'),
      fees: Money.of('0.25'),
      total: Money.of('10.25'),
      reason: null,
      requestedBy: 'user-1',
      applicationTokenId: null,
      approvalExpiresAt: null,
      createdAt: T0,
    },
    status,
    debited,
  );

/** A withdrawal in `status`, reached through legal moves from its creation; debited unless it awaits approval. */
function inStatus(status: WithdrawalStatus): Withdrawal {
  const path: Record<WithdrawalStatus, WithdrawalStatus[]> = {
    AWAITING_APPROVAL: [],
    PENDING: [],
    PROCESSING_PAY_OUT: ['PROCESSING_PAY_OUT'],
    SUCCESS: ['SUCCESS'],
    FAILED: ['FAILED'],
  };
  const awaiting = status === 'AWAITING_APPROVAL';
  let withdrawal = created(awaiting ? 'AWAITING_APPROVAL' : 'PENDING', !awaiting);
  for (const to of path[status]) {
    const moved = transitionWithdrawal(withdrawal, to, T0, to === 'FAILED' ? FAILURE_REASONS.GENERAL : null);
    if (!moved.ok) throw new Error(moved.error.message);
    withdrawal = moved.value.withdrawal;
  }
  return withdrawal;
}

const LEGAL: ReadonlyArray<readonly [WithdrawalStatus, WithdrawalStatus]> = [
  ['AWAITING_APPROVAL', 'PENDING'],
  ['AWAITING_APPROVAL', 'FAILED'],
  ['PENDING', 'PROCESSING_PAY_OUT'],
  ['PENDING', 'SUCCESS'],
  ['PENDING', 'FAILED'],
  ['PROCESSING_PAY_OUT', 'SUCCESS'],
  ['PROCESSING_PAY_OUT', 'FAILED'],
  ['SUCCESS', 'FAILED'],
];
const isLegal = (from: WithdrawalStatus, to: WithdrawalStatus) =>
  LEGAL.some(([a, b]) => a === from && b === to);

describe('withdrawal transitions (docs/product.md §6)', () => {
  for (const from of WITHDRAWAL_STATUSES)
    for (const to of WITHDRAWAL_STATUSES) {
      const reason = to === 'FAILED' ? FAILURE_REASONS.RECIPIENT_NOT_FOUND : null;
      if (isLegal(from, to))
        it(`${from} → ${to} records the change as the next in its history`, () => {
          const before = inStatus(from);
          const moved = transitionWithdrawal(before, to, T1, reason, { by: 'op-1', reason: 'checked' });
          if (!moved.ok) throw new Error(moved.error.message);
          const change = {
            sequence: before.sequence + 1,
            status: to,
            previousStatus: from,
            reason,
            at: T1,
            decidedBy: 'op-1',
            decisionReason: 'checked',
          };
          expect(moved.value.change).to.deep.equal(change);
          expect(moved.value.withdrawal).to.deep.include({
            status: to,
            failureReason: reason,
            sequence: before.sequence + 1,
            updatedAt: T1,
          });
          expect(moved.value.withdrawal.history).to.deep.equal([...before.history, change]);
        });
      else
        it(`${from} → ${to} is refused as a value, the withdrawal unchanged`, () => {
          const before = inStatus(from);
          const refused = transitionWithdrawal(before, to, T1, reason);
          expect(refused.ok ? null : refused.error).to.deep.equal({
            code: 'ILLEGAL_TRANSITION',
            message: `A ${from} withdrawal cannot become ${to}`,
            details: { from, to },
          });
          expect(before).to.deep.equal(inStatus(from));
        });
    }

  it('creates a withdrawal with change 1 of its history and nothing scheduled, submitted or reversed', () => {
    const withdrawal = created('PENDING', true);
    expect(withdrawal.history).to.deep.equal([
      {
        sequence: 1,
        status: 'PENDING',
        previousStatus: null,
        reason: null,
        at: T0,
        decidedBy: null,
        decisionReason: null,
      },
    ]);
    expect(withdrawal).to.deep.include({
      sequence: 1,
      debited: true,
      reversed: false,
      submitAttempts: 0,
      railReference: null,
      nextCheckAt: null,
      failureReason: null,
      updatedAt: T0,
    });
  });

  it('owes the reversal of a debit once: on the first entry into FAILED after it, never without one', () => {
    for (const from of ['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS'] as const) {
      const failed = transitionWithdrawal(inStatus(from), 'FAILED', T1, FAILURE_REASONS.GENERAL);
      expect(failed.ok && [failed.value.reversalDue, failed.value.withdrawal.reversed], from).to.deep.equal([
        true,
        true,
      ]);
    }
    const undebited = transitionWithdrawal(
      inStatus('AWAITING_APPROVAL'),
      'FAILED',
      T1,
      FAILURE_REASONS.CANCELLED,
    );
    expect(undebited.ok && [undebited.value.reversalDue, undebited.value.withdrawal.reversed]).to.deep.equal([
      false,
      false,
    ]);
    const reversedBefore = { ...inStatus('SUCCESS'), reversed: true };
    const again = transitionWithdrawal(reversedBefore, 'FAILED', T1, FAILURE_REASONS.GENERAL);
    expect(again.ok && again.value.reversalDue).to.equal(false);
  });

  it('keeps a reason only on FAILED, and refuses FAILED without one as a bug', () => {
    const success = transitionWithdrawal(inStatus('PENDING'), 'SUCCESS', T1, FAILURE_REASONS.GENERAL);
    expect(success.ok && [success.value.change.reason, success.value.withdrawal.failureReason]).to.deep.equal(
      [null, null],
    );
    expect(() => transitionWithdrawal(inStatus('PENDING'), 'FAILED', T1)).to.throw(
      'a FAILED transition needs a reason',
    );
  });
});

/** docs/product.md §6, written out: the moves allowed from each status; every other move is refused. */
const ALLOWED: Readonly<Record<WithdrawalStatus, readonly WithdrawalStatus[]>> = {
  AWAITING_APPROVAL: ['PENDING', 'FAILED'],
  PENDING: ['PROCESSING_PAY_OUT', 'SUCCESS', 'FAILED'],
  PROCESSING_PAY_OUT: ['SUCCESS', 'FAILED'],
  SUCCESS: ['FAILED'],
  FAILED: [],
};

describe('withdrawal statuses (docs/product.md §6)', () => {
  for (const from of WITHDRAWAL_STATUSES)
    for (const to of WITHDRAWAL_STATUSES) {
      const allowed = ALLOWED[from].includes(to);
      it(`${from} → ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(canTransition(from, to)).to.equal(allowed);
      });
    }

  it('shows the four statuses of the spec to webhooks and the lookup, AWAITING_APPROVAL as PENDING', () => {
    expect(WITHDRAWAL_STATUSES.map(webhookStatusOf)).to.deep.equal([
      'PENDING',
      'PENDING',
      'PROCESSING_PAY_OUT',
      'SUCCESS',
      'FAILED',
    ]);
  });
});
