import { expect } from 'chai';
import { JsonNumber } from '../../../money/money.js';
import type { Withdrawal } from '../../../withdrawal/withdrawal.js';
import {
  unresolvedWithdrawal,
  WithdrawalWorld,
  withdraw,
  withdrawalBody,
} from '../withdrawal-world.fixture.js';
import { CheckWithdrawalNow } from './check-withdrawal-now.use-case.js';

const down = { kind: 'UNAVAILABLE', detail: 'provider credentials refused' } as const;

describe('CheckWithdrawalNow (an operator brings a withdrawal’s next check forward)', () => {
  it('makes a retrying payout due now, audited, and the next attempt is the one that pays', async () => {
    const world = new WithdrawalWorld();
    const { id } = await unresolvedWithdrawal(world, 'provider credentials refused');
    const backedOff = world.uow.state.withdrawals.get(id) as Withdrawal;
    expect(backedOff.nextCheckAt!.getTime() - world.clock.now().getTime()).to.be.greaterThan(60_000);

    world.rail('ACH').willNowSubmit({ kind: 'ACCEPTED', reference: 'ach_now' });
    const checked = await new CheckWithdrawalNow(world.deps).execute(
      world.operator('op-ida'),
      id,
      'key rotated',
    );
    expect(checked.ok && checked.value.nextCheckAt).to.deep.equal(world.clock.now());
    expect(world.uow.state.auditLog.map((e) => [e.actor, e.action, e.changes])).to.deep.equal([
      [
        'op-ida',
        'WITHDRAWAL_CHECK_REQUESTED',
        { nextCheckAt: backedOff.nextCheckAt!.toISOString(), reason: 'key rotated' },
      ],
    ]);
    const attempts = world.rail('ACH').submissions.length;
    const at = world.clock.now();
    await world.runJobs(1).catch(() => undefined);
    expect(world.rail('ACH').submissions).to.have.length(attempts + 1);
    expect(world.clock.now(), 'made at once, not at the backoff’s end').to.deep.equal(at);
    expect(world.uow.state.withdrawals.get(id)?.railReference).to.equal('ach_now');
  });

  it('refuses one whose check is under way or due within a lease, one with nothing to check, and a non-operator', async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').willSubmit(down);
    const c = await world.customer({ approvalThreshold: '500.00' });
    const retrying = await withdraw(world, c, withdrawalBody());
    const held = await withdraw(world, c, withdrawalBody({ amount: JsonNumber.of('600') }));
    if (!retrying.ok || !held.ok) throw new Error('not requested');
    const check = new CheckWithdrawalNow(world.deps);
    const soon = await check.execute(world.operator(), retrying.value.withdrawal.id);
    expect(!soon.ok && soon.error.code).to.equal('CONFLICT');
    const nothing = await check.execute(world.operator(), held.value.withdrawal.id);
    expect(!nothing.ok && nothing.error.code).to.equal('ILLEGAL_TRANSITION');
    const missing = await check.execute(world.operator(), '00000000-0000-4000-8000-00000000c4ec');
    expect(!missing.ok && missing.error.code).to.equal('TRANSACTION_NOT_FOUND');
    const customer = await check.execute(c.principal, retrying.value.withdrawal.id);
    expect(!customer.ok && customer.error.code).to.equal('UNAUTHORIZED');
    expect(world.uow.state.auditLog).to.deep.equal([]);
  });
});
