import { mintHarnessToken } from '@payout/adapters-http/testing';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { TOKENS } from '../container/tokens.js';
import { FakeIncrease } from '../e2e/support/fake-increase.server.js';
import { ProductionRailsWorld } from '../e2e/support/production-rails.world.js';

/**
 * An operator's fail of an unanswered ACH payout on Increase (a local fake of its API), as wired in production on
 * PostgreSQL: the service asks Increase for a transfer under the withdrawal's key before it fails anything. The API
 * runs alone (no worker retries) on a clock the test moves past the attempt's lease.
 */
describe('failing an unanswered payout on Increase asks Increase first, as wired on PostgreSQL', function () {
  this.timeout(60_000);
  let increase: FakeIncrease;
  let world: ProductionRailsWorld;
  const clock = new ManualClock(new Date());
  const operator = mintHarnessToken({ sub: 'ops-verifier', scope: 'operator' });

  const fail = async (id: string, body: object = {}) => {
    const res = await fetch(`${world.url}/v1/operator/withdrawals/${id}/fail`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { code?: string; message?: string } };
  };
  /** A withdrawal whose create Increase answered 503 (`creating`), its attempt's lease long over. */
  const unanswered = async (creating: FakeIncrease['creating']) => {
    increase.creating = creating;
    const c = await world.customer('bank');
    const { status, json } = await world.requestWithdrawal(c, 12.5);
    expect([status, json.message]).to.deep.equal([200, 'Payment queued']);
    clock.advance(10 * 60_000);
    return json.data?.id as string;
  };

  before(async () => {
    increase = await FakeIncrease.start();
    world = await ProductionRailsWorld.start(
      'increase_fail_verified',
      'ACH=increase',
      {
        PROCESS_ROLE: 'api',
        INCREASE_API_KEY: 'secret_key_local_fake',
        INCREASE_BASE_URL: increase.url,
        INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
      },
      async (container) => {
        (await container.rebind(TOKENS.clock)).toConstantValue(clock);
      },
    );
  });

  after(async () => {
    await world?.stop();
    await increase?.close();
  });

  it('refuses to fail a payout Increase made though its answer was lost, and fails one it never made', async () => {
    const paid = await unanswered('made-unanswered');
    const refused = await fail(paid);
    expect([refused.status, refused.json.code]).to.deep.equal([409, 'ILLEGAL_TRANSITION']);
    expect(refused.json.message).to.include('increase holds payout ach_transfer_1 for it');
    expect((await world.stored(paid))?.status, 'not failed, not reversed').to.equal('PENDING');

    const never = await unanswered('refused');
    const failed = await fail(never, { reason: 'Increase shows nothing' });
    expect(failed.status, JSON.stringify(failed.json)).to.equal(200);
    expect((await world.stored(never))?.status).to.equal('FAILED');
    expect(increase.lookups).to.deep.equal([paid, never]);
  });
});
