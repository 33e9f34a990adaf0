import { expect } from 'chai';
import { JsonNumber } from '../../../money/money.js';
import { ScriptedRail } from '../../../testing/scripted-rail.js';
import { FAILURE_REASONS } from '../../../withdrawal/failure-reason.js';
import {
  type CustomerOptions,
  WithdrawalWorld,
  withdraw,
  withdrawalBody,
} from '../withdrawal-world.fixture.js';

const merchantFunded = (
  kind: CustomerOptions['kind'] = 'bank',
  expiresInMs = 3_600_000,
): CustomerOptions => ({
  kind,
  merchantBalance: '500.00',
  token: { purpose: 'PAYMENT_LINK', source: 'MERCHANT_WALLET', amount: '120.00', expiresInMs },
});
const payLink = withdrawalBody({ amount: JsonNumber.of('120'), transactionType: 'payout' });

describe('A merchant-funded payment link whose withdrawal fails', () => {
  it('gets its token back when the rail rejects at submission, and the link pays once again', async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').willSubmit({ kind: 'REJECTED', reason: FAILURE_REASONS.GENERAL, detail: 'no' });
    const c = await world.customer(merchantFunded());
    const rejected = await withdraw(world, c, payLink);
    expect(!rejected.ok && rejected.error.code).to.equal('RAIL_REJECTED');
    expect(await world.balance(c.merchantWalletId)).to.equal('500.00');
    expect(world.uow.state.applicationTokens.get(c.tokenId)?.status).to.equal('ACTIVE');
    const paid = await withdraw(world, c, payLink);
    expect(paid.ok).to.equal(true);
    expect(world.uow.state.applicationTokens.get(c.tokenId)?.status).to.equal('INACTIVE');
    const again = await withdraw(world, c, payLink);
    expect(!again.ok && again.error.message).to.equal('Token expired or inactive');
  });

  it('gets its token back when the withdrawal ends FAILED before it succeeded', async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').willReport({ kind: 'FAILED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND });
    const c = await world.customer(merchantFunded());
    const result = await withdraw(world, c, payLink);
    if (!result.ok) throw new Error(result.error.message);
    expect(world.uow.state.applicationTokens.get(c.tokenId)?.status).to.equal('INACTIVE');
    await world.runJobs();
    expect(world.statuses(result.value.withdrawal.id).at(-1)).to.equal('FAILED');
    expect(world.uow.state.applicationTokens.get(c.tokenId)?.status).to.equal('ACTIVE');
  });

  it('keeps its token spent when the withdrawal fails after SUCCESS (a return)', async () => {
    const world = new WithdrawalWorld([new ScriptedRail('ZELLE', 1000, 5000)]);
    world
      .rail('ZELLE')
      .willReport({ kind: 'SETTLED' }, { kind: 'RETURNED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND });
    const c = await world.customer(merchantFunded('zelle'));
    const result = await withdraw(world, c, payLink);
    if (!result.ok) throw new Error(result.error.message);
    await world.runJobs();
    expect(world.statuses(result.value.withdrawal.id)).to.deep.equal(['PENDING', 'SUCCESS', 'FAILED']);
    expect(await world.balance(c.merchantWalletId)).to.equal('500.00');
    expect(world.uow.state.applicationTokens.get(c.tokenId)?.status).to.equal('INACTIVE');
  });

  it('keeps an expired token inactive', async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').willReport({ kind: 'FAILED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND });
    const c = await world.customer(merchantFunded('bank', 60_000));
    const result = await withdraw(world, c, payLink);
    if (!result.ok) throw new Error(result.error.message);
    world.clock.advance(120_000);
    await world.runJobs();
    expect(world.statuses(result.value.withdrawal.id).at(-1)).to.equal('FAILED');
    expect(world.uow.state.applicationTokens.get(c.tokenId)?.status).to.equal('INACTIVE');
  });
});
