import {
  FAILURE_REASONS,
  JsonNumber,
  PollWithdrawal,
  RequestWithdrawal,
  type RoutingType,
  SubmitWithdrawal,
} from '@payout/domain';
import { pollStored } from '@payout/domain/testing';
import { expect } from 'chai';
import { runLedgerVerification } from './ledger-verification.js';
import { type Customer, PayoutWorld } from './payout-world.fixture.js';

/**
 * Failed payouts are reversed by whichever job run applies the failure first; every other run of the same
 * job (at-least-once delivery, several worker processes) must find the withdrawal final and post nothing.
 */
describe('Concurrent job runs reversing failed withdrawals (PostgreSQL race)', function () {
  this.timeout(120_000);
  const perRail = 10;
  const runsPerWithdrawal = 8;
  let world: PayoutWorld;
  let customer: Customer;
  let polled: string[];
  let resubmitted: string[];

  const requestMany = async (routingType: RoutingType): Promise<string[]> => {
    const request = new RequestWithdrawal(world.deps);
    const ids: string[] = [];
    for (let i = 0; i < perRail; i++) {
      const result = await request.execute(customer.principal, {
        currency: 'USD',
        linkedAccountId: customer.accountId,
        body: { amount: JsonNumber.of('10'), walletType: 'SPEND', routingType },
      });
      if (!result.ok) throw new Error(`setup withdrawal refused: ${result.error.code}`);
      ids.push(result.value.withdrawal.id);
    }
    return ids;
  };

  before(async () => {
    world = await PayoutWorld.create('reversal_race');
    customer = await world.customer('1000.00');
    // ACH accepts, so these wait for polls; RTP is unavailable, so these wait for submission retries.
    polled = await requestMany('ACH');
    world
      .rail('RTP')
      .willSubmit(
        ...Array.from({ length: perRail }, () => ({ kind: 'UNAVAILABLE', detail: 'down' }) as const),
      );
    resubmitted = await requestMany('RTP');
    const runs = perRail * runsPerWithdrawal;
    world
      .rail('ACH')
      .willReport(
        ...Array.from(
          { length: runs },
          () => ({ kind: 'FAILED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND }) as const,
        ),
      );
    world
      .rail('RTP')
      .willSubmit(
        ...Array.from(
          { length: runs },
          () => ({ kind: 'REJECTED', reason: FAILURE_REASONS.COMPLIANCE, detail: 'blocked' }) as const,
        ),
      );
    expect(await world.balance(customer.walletId)).to.equal('787.50');

    const poll = new PollWithdrawal(world.deps);
    const submit = new SubmitWithdrawal(world.deps);
    await Promise.all(
      Array.from({ length: runsPerWithdrawal }).flatMap(() => [
        ...polled.map((id) => pollStored(world.deps, id, poll)),
        ...resubmitted.map((id) => submit.handle(id, 2)),
      ]),
    );
  });
  after(async () => {
    await world.close();
  });

  it('fails every withdrawal once, with the rail’s reason', async () => {
    for (const [ids, reason] of [
      [polled, FAILURE_REASONS.RECIPIENT_NOT_FOUND],
      [resubmitted, FAILURE_REASONS.COMPLIANCE],
    ] as const) {
      for (const id of ids) {
        const withdrawal = await world.unitOfWork.read.withdrawals.findById(id);
        expect(withdrawal?.status, id).to.equal('FAILED');
        expect(withdrawal?.failureReason, id).to.equal(reason);
        expect(
          withdrawal?.history.filter((change) => change.status === 'FAILED'),
          id,
        ).to.have.length(1);
      }
    }
  });

  it('posts exactly one reversal per failed withdrawal and restores the balance to the cent', async () => {
    const reversals = await world.postingsPerWithdrawal(customer.walletId, 'WITHDRAWAL_REVERSAL');

    expect([...reversals.keys()].sort()).to.deep.equal([...polled, ...resubmitted].sort());
    expect([...reversals.values()].every((count) => count === 1)).to.equal(true);
    expect(await world.balance(customer.walletId)).to.equal('1000.00');
  });

  it('keeps the whole ledger balanced', async () => {
    const verification = await runLedgerVerification({ knex: world.db.knex });
    expect(verification.ok, verification.report).to.equal(true);
  });
});
