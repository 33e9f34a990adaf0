import { expect } from 'chai';
import { CommitOutcomeUnknownError, type TransactionScope } from '../../../ports/unit-of-work.port.js';
import { WithdrawalWorld, withdraw, withdrawalBody } from '../withdrawal-world.fixture.js';
import { WithdrawalOutcomeUnknownError } from './request-outcome.js';

/** A world whose next transaction commits and then loses its COMMIT's answer. */
function losingNextCommit(world: WithdrawalWorld): void {
  const run = world.uow.run.bind(world.uow);
  world.uow.run = async <T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> => {
    world.uow.run = run;
    await run(work);
    throw new CommitOutcomeUnknownError(new Error('Connection terminated unexpectedly'));
  };
}

const storeUnreachable = (world: WithdrawalWorld) => {
  world.uow.readBack = async () => {
    throw new Error('no answer from the database');
  };
};

describe('A withdrawal whose commit outcome is unknown', () => {
  it('is answered as stored when reading it back finds it, and goes on to the rail, debited once', async () => {
    const world = new WithdrawalWorld();
    const c = await world.customer();
    losingNextCommit(world);
    const result = await withdraw(world, c, withdrawalBody());
    expect(result.ok, JSON.stringify(result)).to.equal(true);
    if (!result.ok) return;
    expect(world.rail('ACH').submissions).to.have.length(1);
    expect(await world.balance(c.walletId)).to.equal('899.75');
    expect(await world.ledgerProblems()).to.deep.equal([]);
  });

  it('when the read back cannot tell, throws naming the withdrawal, which the safety net submits later', async () => {
    const world = new WithdrawalWorld();
    const c = await world.customer();
    losingNextCommit(world);
    storeUnreachable(world);
    const thrown = await withdraw(world, c, withdrawalBody()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).to.be.instanceOf(WithdrawalOutcomeUnknownError);
    const id = (thrown as WithdrawalOutcomeUnknownError).withdrawalId;
    expect(world.rail('ACH').submissions, 'not submitted by the request').to.have.length(0);
    await world.runJobs();
    expect(world.statuses(id)).to.include('SUCCESS');
    expect(world.rail('ACH').submissions).to.have.length(1);
    expect(await world.balance(c.walletId)).to.equal('899.75');
    expect(await world.ledgerProblems()).to.deep.equal([]);
  });

  it('an approval that committed unseen is answered as approved and submitted', async () => {
    const world = new WithdrawalWorld();
    const c = await world.customer({ approvalThreshold: '50.00' });
    const held = await withdraw(world, c, withdrawalBody());
    if (!held.ok) throw new Error(JSON.stringify(held));
    losingNextCommit(world);
    const approved = await world.decide.approve(world.operator(), held.value.withdrawal.id);
    expect(approved.ok, JSON.stringify(approved)).to.equal(true);
    expect(world.rail('ACH').submissions).to.have.length(1);
    expect(await world.balance(c.walletId)).to.equal('899.75');
  });

  it('a rejection that committed unseen is answered as rejected; one that did not commit stays a fault', async () => {
    const world = new WithdrawalWorld();
    const c = await world.customer({ approvalThreshold: '50.00' });
    const held = await withdraw(world, c, withdrawalBody());
    if (!held.ok) throw new Error(JSON.stringify(held));
    const id = held.value.withdrawal.id;
    const run = world.uow.run.bind(world.uow);
    world.uow.run = async () => {
      world.uow.run = run;
      throw new CommitOutcomeUnknownError(new Error('Connection terminated unexpectedly'));
    };
    const lost = await world.decide.reject(world.operator(), id).catch((error: unknown) => error);
    expect(lost, 'nothing committed: the fault stands').to.be.instanceOf(CommitOutcomeUnknownError);
    expect(world.statuses(id)).to.deep.equal(['AWAITING_APPROVAL']);
    losingNextCommit(world);
    const rejected = await world.decide.reject(world.operator(), id, 'not today');
    expect(rejected.ok && [rejected.value.status, rejected.value.failureReason]).to.deep.equal([
      'FAILED',
      'Payment was cancelled.',
    ]);
    expect(await world.balance(c.walletId)).to.equal('1000.00');
  });

  it('a fault after the commit (the rail call throws) answers the withdrawal as stored, never a fault', async () => {
    const world = new WithdrawalWorld();
    const c = await world.customer();
    world.rail('ACH').submit = async () => {
      throw new Error('rail adapter bug');
    };
    const result = await withdraw(world, c, withdrawalBody());
    expect(result.ok, JSON.stringify(result)).to.equal(true);
    if (!result.ok) return;
    expect(result.value.withdrawal.status).to.equal('PENDING');
    expect(result.value.withdrawal.nextCheckAt, 'the safety net submits it').to.be.instanceOf(Date);
    expect(await world.balance(c.walletId)).to.equal('899.75');
  });
});
