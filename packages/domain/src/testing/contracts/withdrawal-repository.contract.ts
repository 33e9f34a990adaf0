import { expect } from 'chai';
import { Money } from '../../money/money.js';
import {
  ConcurrentModificationError,
  type WithdrawalWebhookView,
  webhookViewOf,
} from '../../ports/withdrawal-repository.port.js';
import { FAILURE_REASONS } from '../../withdrawal/failure-reason.js';
import {
  checkAt,
  markSubmitted,
  recordSubmitAttempt,
  transitionWithdrawal,
  type Withdrawal,
  type WithdrawalStatus,
} from '../../withdrawal/withdrawal.js';
import { at, buildWithdrawal, seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds, rejectionOf } from './contract-subject.js';
import { expectLeasedQueue, leaseTime } from './leased-queue.contract-steps.js';

/** Money as strings and dates as ISO text, so stored and expected records compare by value. */
export function comparableWithdrawal(w: Withdrawal | null): unknown {
  if (!w) return w;
  return {
    ...w,
    amount: w.amount.toString(),
    fees: w.fees.toString(),
    total: w.total.toString(),
    history: w.history.map((h) => ({ ...h, at: h.at.toISOString() })),
  };
}

/** A webhook view with its money as strings, so stored and expected views compare by value. */
const comparableView = (view: WithdrawalWebhookView | null) =>
  view && { ...view, amount: view.amount.toString(), fees: view.fees.toString() };

function move(w: Withdrawal, to: WithdrawalStatus, atMs: number): Withdrawal {
  const moved = transitionWithdrawal(w, to, at(atMs), to === 'FAILED' ? FAILURE_REASONS.GENERAL : null);
  if (!moved.ok) throw new Error(moved.error.message);
  return moved.value.withdrawal;
}

export function withdrawalRepositoryContract(factory: ContractFactory): void {
  describe('WithdrawalRepository contract', () => {
    it('reads back an inserted withdrawal with its first history entry', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties, '99999999999999999.99');
      await unitOfWork.run((tx) => tx.withdrawals.insert(withdrawal));
      const stored = await unitOfWork.read.withdrawals.findById(withdrawal.id);
      expect(comparableWithdrawal(stored)).to.deep.equal(comparableWithdrawal(withdrawal));
      expect(stored?.total.toString()).to.equal('100000000000000000.24');
      expect(await unitOfWork.read.withdrawals.findById('no-such-withdrawal')).to.equal(null);
    });

    it("keeps an operator's decision on the status change it made", async () => {
      const { unitOfWork } = await factory();
      const created = buildWithdrawal(await seedParties(unitOfWork));
      await unitOfWork.run((tx) => tx.withdrawals.insert(created));
      const moved = transitionWithdrawal(created, 'FAILED', at(1), FAILURE_REASONS.CANCELLED, {
        by: 'operator-7',
        reason: 'the payee asked us to stop it',
      });
      if (!moved.ok) throw new Error(moved.error.message);
      await unitOfWork.run((tx) => tx.withdrawals.update(moved.value.withdrawal, 1));
      const history = await unitOfWork.read.withdrawals.history(created.id);
      expect(history.map((h) => [h.status, h.decidedBy, h.decisionReason])).to.deep.equal([
        ['PENDING', null, null],
        ['FAILED', 'operator-7', 'the payee asked us to stop it'],
      ]);
      expect(comparableWithdrawal(await unitOfWork.read.withdrawals.findById(created.id))).to.deep.equal(
        comparableWithdrawal(moved.value.withdrawal),
      );
    });

    it('appends history on update and lists it in sequence order', async () => {
      const { unitOfWork } = await factory();
      const created = buildWithdrawal(await seedParties(unitOfWork));
      await unitOfWork.run((tx) => tx.withdrawals.insert(created));
      const submitted = markSubmitted(recordSubmitAttempt(created, 1, at(1)), 'REF-1', at(1));
      const processing = { ...move(submitted, 'PROCESSING_PAY_OUT', 2), railProvider: 'increase' };
      await unitOfWork.run((tx) => tx.withdrawals.update(processing, 1));
      expect((await unitOfWork.read.withdrawals.findById(created.id))?.railProvider).to.equal('increase');
      const failed = move(move(processing, 'SUCCESS', 3), 'FAILED', 4);
      await unitOfWork.run((tx) => tx.withdrawals.update(failed, 2));
      const history = await unitOfWork.read.withdrawals.history(created.id);
      expect(history.map((h) => [h.sequence, h.previousStatus, h.status, h.reason])).to.deep.equal([
        [1, null, 'PENDING', null],
        [2, 'PENDING', 'PROCESSING_PAY_OUT', null],
        [3, 'PROCESSING_PAY_OUT', 'SUCCESS', null],
        [4, 'SUCCESS', 'FAILED', FAILURE_REASONS.GENERAL],
      ]);
      expect(comparableWithdrawal(await unitOfWork.read.withdrawals.findById(created.id))).to.deep.equal(
        comparableWithdrawal(failed),
      );
    });

    it("reads the webhook view: the body's fields, the owners, the flow and the latest change's previous status", async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const created = buildWithdrawal(parties, '99999999999999999.99');
      await unitOfWork.run((tx) => tx.withdrawals.insert(created));
      const viewOf = (w: Withdrawal) => webhookViewOf(w, parties.entity);
      const first = await unitOfWork.read.withdrawals.findWebhookView(created.id);
      expect(comparableView(first)).to.deep.equal(comparableView(viewOf(created)));
      expect([first?.amount.toString(), first?.previousStatus, first?.entityType]).to.deep.equal([
        '99999999999999999.99',
        null,
        parties.entity.entityType,
      ]);
      const submitted = markSubmitted(recordSubmitAttempt(created, 1, at(1)), 'REF-1', at(1));
      const failed = move(move(move(submitted, 'PROCESSING_PAY_OUT', 2), 'SUCCESS', 3), 'FAILED', 4);
      await unitOfWork.run((tx) => tx.withdrawals.update(failed, 1));
      const last = await unitOfWork.read.withdrawals.findWebhookView(created.id);
      expect(comparableView(last)).to.deep.equal(comparableView(viewOf(failed)));
      expect([last?.status, last?.previousStatus, last?.sequence, last?.failureReason]).to.deep.equal([
        'FAILED',
        'SUCCESS',
        4,
        FAILURE_REASONS.GENERAL,
      ]);
      expect(await unitOfWork.read.withdrawals.findWebhookView(contractIds.next())).to.equal(null);
      expect(await unitOfWork.read.withdrawals.findWebhookView('not-a-uuid')).to.equal(null);
    });

    it('writes only what a withdrawal’s life changes: its parties, amounts and stored history stay', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const created = buildWithdrawal(parties);
      await unitOfWork.run((tx) => tx.withdrawals.insert(created));
      const moved = move(created, 'SUCCESS', 1);
      const rewritten: Withdrawal = {
        ...moved,
        amount: Money.of('1.00'),
        total: Money.of('1.25'),
        reason: 'rewritten',
        requestedBy: 'someone else',
        history: [{ ...moved.history[0]!, status: 'FAILED' }, ...moved.history.slice(1)],
        failureCode: 'R01',
      };
      await unitOfWork.run((tx) => tx.withdrawals.update(rewritten, 1));
      const stored = await unitOfWork.read.withdrawals.findById(created.id);
      expect(comparableWithdrawal(stored)).to.deep.equal(
        comparableWithdrawal({ ...moved, failureCode: 'R01' }),
      );
    });

    it('refuses a stale write with ConcurrentModificationError and keeps the winner', async () => {
      const { unitOfWork } = await factory();
      const created = buildWithdrawal(await seedParties(unitOfWork));
      await unitOfWork.run((tx) => tx.withdrawals.insert(created));
      const winner = move(created, 'SUCCESS', 1);
      await unitOfWork.run((tx) => tx.withdrawals.update(winner, 1));
      const loser = move(created, 'FAILED', 2);
      const error = await rejectionOf(unitOfWork.run((tx) => tx.withdrawals.update(loser, 1)));
      expect(error).to.be.instanceOf(ConcurrentModificationError);
      const stored = await unitOfWork.read.withdrawals.findById(created.id);
      expect([stored?.status, stored?.history.length]).to.deep.equal(['SUCCESS', 2]);
    });

    it('refuses a stale write that adds no history, rolling back the rest of its unit of work', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork, '50.00');
      const created = buildWithdrawal(parties);
      await unitOfWork.run((tx) => tx.withdrawals.insert(created));
      await unitOfWork.run((tx) => tx.withdrawals.update(move(created, 'SUCCESS', 1), 1));
      const error = await rejectionOf(
        unitOfWork.run(async (tx) => {
          const wallet = await tx.wallets.lockById(parties.wallet.id);
          if (wallet) await tx.wallets.update({ ...wallet, balance: Money.of('0.00') });
          await tx.withdrawals.update(recordSubmitAttempt(created, 3, at(2)), 1);
        }),
      );
      expect(error).to.be.instanceOf(ConcurrentModificationError);
      expect((await unitOfWork.read.wallets.findById(parties.wallet.id))?.balance.toString()).to.equal(
        '50.00',
      );
      expect((await unitOfWork.read.withdrawals.findById(created.id))?.submitAttempts).to.equal(0);
    });

    it('finds approvals that expired strictly before now, oldest first, up to the limit', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      // A year of its own, so rows of other tests sharing the database never match.
      const base = new Date('2001-05-01T00:00:00.000Z').getTime();
      const awaiting = (createdMs: number, expiresMs: number) =>
        buildWithdrawal(
          parties,
          '20000.00',
          'AWAITING_APPROVAL',
          new Date(base + createdMs),
          new Date(base + expiresMs),
        );
      const older = awaiting(0, 1_000);
      const newer = awaiting(10, 2_000);
      const notYet = awaiting(5, 5_000);
      const decided = move(awaiting(1, 1_000), 'PENDING', 1);
      await unitOfWork.run(async (tx) => {
        for (const w of [newer, notYet, older, decided]) await tx.withdrawals.insert(w);
      });
      const now = new Date(base + 5_000);
      const expired = await unitOfWork.read.withdrawals.findExpiredApprovals(now, 10);
      expect(expired.map((w) => w.id)).to.deep.equal([older.id, newer.id]);
      const limited = await unitOfWork.read.withdrawals.findExpiredApprovals(now, 1);
      expect(limited.map((w) => w.id)).to.deep.equal([older.id]);
      expect(limited[0]?.history).to.have.length(1);
    });

    it("makes a submitted withdrawal due at once by its provider's reference, on the provider's rails only", async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const reference = `ach_transfer_${contractIds.next()}`;
      const submitted = (w: Withdrawal, ref: string, nextMs: number | null) =>
        checkAt(
          markSubmitted(recordSubmitAttempt(w, 1, at(1)), ref, at(1)),
          nextMs === null ? null : at(nextMs),
        );
      const later = submitted(move(buildWithdrawal(parties), 'PROCESSING_PAY_OUT', 1), reference, 60_000);
      const failedRef = `ach_transfer_${contractIds.next()}`;
      const failed = submitted(move(buildWithdrawal(parties), 'FAILED', 1), failedRef, null);
      const earlyRef = `ach_transfer_${contractIds.next()}`;
      const early = submitted(buildWithdrawal(parties), earlyRef, 10);
      await unitOfWork.run(async (tx) => {
        for (const w of [later, failed, early]) await tx.withdrawals.insert(w);
      });
      const now = at(1_000);
      const withdrawals = unitOfWork.read.withdrawals;
      expect(
        await withdrawals.checkNowByRailReference(['RTP', 'WIRE'], reference, now),
        'another rail',
      ).to.equal(null);
      expect(await withdrawals.checkNowByRailReference(['ACH'], 'ach_transfer_unknown', now)).to.equal(null);
      expect(await withdrawals.checkNowByRailReference(['ACH'], failedRef, now), 'failed').to.equal(null);
      // A provider's id can be any text, one no store can hold (a NUL) included: it names no withdrawal.
      expect(await withdrawals.checkNowByRailReference(['ACH'], `${reference}\u0000`, now), 'NUL').to.equal(
        null,
      );
      expect(await withdrawals.checkNowByRailReference(['ACH', 'RTP'], reference, now)).to.equal(later.id);
      expect(await withdrawals.checkNowByRailReference(['ACH'], earlyRef, now)).to.equal(early.id);
      const read = async (id: string) => (await withdrawals.findById(id))?.nextCheckAt?.toISOString();
      expect(await read(later.id), 'brought forward').to.equal(now.toISOString());
      expect(await read(early.id), 'an earlier check kept').to.equal(at(10).toISOString());
      expect(await read(failed.id), 'a failed one stays unscheduled').to.equal(undefined);
      expect((await withdrawals.findById(later.id))?.sequence, 'no status change').to.equal(later.sequence);
    });

    it('holds a locked withdrawal: concurrent lock-and-advance runs never lose a step', async () => {
      const { unitOfWork, anotherProcess } = await factory();
      const created = buildWithdrawal(await seedParties(unitOfWork));
      await unitOfWork.run((tx) => tx.withdrawals.insert(created));
      const bumps = Array.from({ length: 10 }, (_, i) =>
        anotherProcess().run(async (tx) => {
          const locked = await tx.withdrawals.lockById(created.id);
          if (!locked) throw new Error('withdrawal vanished');
          await tx.withdrawals.update(
            recordSubmitAttempt(locked, locked.submitAttempts + 1, at(i)),
            locked.sequence,
          );
        }),
      );
      await Promise.all(bumps);
      expect((await unitOfWork.read.withdrawals.findById(created.id))?.submitAttempts).to.equal(10);
      expect(await unitOfWork.run((tx) => tx.withdrawals.lockById(contractIds.next()))).to.equal(null);
    });

    it('hands out due withdrawals earliest first, once per lease, never to two claimers at once', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const t = leaseTime;
      const [late, early, middle, unscheduled] = [t(3), t(1), t(2), null].map((due) =>
        checkAt(buildWithdrawal(parties), due),
      );
      await unitOfWork.run(async (tx) => {
        for (const w of [late, early, middle, unscheduled]) await tx.withdrawals.insert(w!);
      });
      await expectLeasedQueue({
        claim: (now, lease, limit) => unitOfWork.read.withdrawals.claimDue(t(now), t(lease), limit),
        find: (id) => unitOfWork.read.withdrawals.findById(id),
        dueAt: async (id) => (await unitOfWork.read.withdrawals.findById(id))?.nextCheckAt ?? null,
        early: early!.id,
        middle: middle!.id,
        late: late!.id,
      });
      expect((await unitOfWork.read.withdrawals.findById(unscheduled!.id))?.nextCheckAt).to.equal(null);
    });
  });
}
