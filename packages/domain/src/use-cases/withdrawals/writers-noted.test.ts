import { expect } from 'chai';
import { JsonNumber } from '../../money/money.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { WithdrawalWorld, withdraw } from './withdrawal-world.fixture.js';

/** Every writer `run` is handed from here on, one per transaction (UnitOfWork.run's `writer`). */
function writersOf(world: WithdrawalWorld): Array<Principal | undefined> {
  const writers: Array<Principal | undefined> = [];
  const run: UnitOfWork['run'] = world.uow.run.bind(world.uow);
  (world.uow as { run: UnitOfWork['run'] }).run = (work, writer) => {
    writers.push(writer);
    return run(work, writer);
  };
  return writers;
}

// A reader that wrote within the replica's staleness bound reads from the primary: only a transaction written for
// it counts (docs/deploying.md, the staleness rule), so every one a request commits must be.
describe('The transactions a request commits are written for its principal', () => {
  it('a withdrawal: its debit and the answer of its first rail attempt, made by the request', async () => {
    const world = new WithdrawalWorld();
    const c = await world.customer();
    const writers = writersOf(world);
    const made = await withdraw(world, c);
    if (!made.ok) throw new Error(made.error.message);
    expect(made.value.withdrawal.status).to.equal('PROCESSING_PAY_OUT');
    expect(writers.length, "the debit, then the rail's answer").to.be.at.least(2);
    expect(writers.every((writer) => writer === c.principal)).to.equal(true);
  });

  it("an operator's approval and the first attempt after it, and a rejection", async () => {
    const world = new WithdrawalWorld();
    const c = await world.customer({ balance: '20000.00', approvalThreshold: '5000.00' });
    const held = await world.request.execute(c.principal, {
      currency: 'USD',
      linkedAccountId: c.accountId,
      body: { amount: JsonNumber.of('5000'), walletType: 'SPEND' },
    });
    const other = await world.request.execute(c.principal, {
      currency: 'USD',
      linkedAccountId: c.accountId,
      body: { amount: JsonNumber.of('6000'), walletType: 'SPEND' },
    });
    if (!held.ok || !other.ok) throw new Error('not held');
    const operator = world.operator();
    const writers = writersOf(world);
    expect((await world.decide.approve(operator, held.value.withdrawal.id)).ok).to.equal(true);
    expect((await world.decide.reject(operator, other.value.withdrawal.id)).ok).to.equal(true);
    expect(writers.length).to.be.at.least(3);
    expect(writers.every((writer) => writer === operator)).to.equal(true);
  });
});
