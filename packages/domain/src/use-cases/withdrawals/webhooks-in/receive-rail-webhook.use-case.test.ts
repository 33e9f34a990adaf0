import { expect } from 'chai';
import { JsonNumber } from '../../../money/money.js';
import type { RailWebhookReading, RailWebhookVerifier } from '../../../ports/rail-webhook.port.js';
import { DueWithdrawals } from '../poll/due-withdrawals.use-case.js';
import { WithdrawalWorld } from '../withdrawal-world.fixture.js';
import { ReceiveRailWebhook } from './receive-rail-webhook.use-case.js';

/** A provider whose signature is the header `x-signed: yes`, naming the transfers in the body, comma-separated. */
const provider: RailWebhookVerifier = {
  provider: 'acme',
  rails: ['ACH'],
  read: async ({ rawBody, headers }): Promise<RailWebhookReading> =>
    headers['x-signed'] === 'yes'
      ? { kind: 'VERIFIED', references: rawBody.toString('utf8').split(',') }
      : { kind: 'REFUSED', detail: 'bad signature' },
};

async function accepted(world: WithdrawalWorld) {
  const c = await world.customer({ kind: 'bank' });
  const result = await world.request.execute(c.principal, {
    currency: 'USD',
    linkedAccountId: c.accountId,
    body: { amount: JsonNumber.of('100'), walletType: 'SPEND' },
  });
  if (!result.ok) throw new Error(result.error.message);
  const stored = world.uow.state.withdrawals.get(result.value.withdrawal.id);
  if (!stored?.railReference || !stored.nextCheckAt) throw new Error('not accepted');
  return stored;
}

describe('ReceiveRailWebhook', () => {
  const receiver = (world: WithdrawalWorld) =>
    new ReceiveRailWebhook({ unitOfWork: world.uow, clock: world.clock, verifiers: [provider] });
  const webhook = (body: string, signed = true) => ({
    rawBody: Buffer.from(body),
    headers: signed ? { 'x-signed': 'yes' } : {},
  });

  it('makes the withdrawal it names due now, so the next poll moves it; a repeat changes nothing more', async () => {
    const world = new WithdrawalWorld();
    world.rail('ACH').willReport({ kind: 'SETTLED' });
    const withdrawal = await accepted(world);
    expect(withdrawal.nextCheckAt?.getTime()).to.be.above(world.clock.now().getTime());
    const result = await receiver(world).execute('acme', webhook(`${withdrawal.railReference},tr_unknown`));
    expect(result).to.deep.equal({ ok: true, value: { withdrawalIds: [withdrawal.id] } });
    const due = world.uow.state.withdrawals.get(withdrawal.id);
    expect(due?.nextCheckAt?.getTime()).to.equal(world.clock.now().getTime());
    expect(due?.sequence, 'no status of its own').to.equal(withdrawal.sequence);
    await receiver(world).execute('acme', webhook(String(withdrawal.railReference)));
    const [claimed] = await world.uow.read.withdrawals.claimDue(world.clock.now(), world.clock.now(), 10);
    expect(claimed?.id).to.equal(withdrawal.id);
  });

  it('refuses a webhook that does not verify (401) and an unknown provider (404), changing nothing', async () => {
    const world = new WithdrawalWorld();
    const withdrawal = await accepted(world);
    const forged = await receiver(world).execute('acme', webhook(String(withdrawal.railReference), false));
    expect(!forged.ok && forged.error.code).to.equal('UNAUTHORIZED');
    const unknown = await receiver(world).execute('paypal', webhook(String(withdrawal.railReference)));
    expect(!unknown.ok && unknown.error.code).to.equal('NOT_FOUND');
    expect(!unknown.ok && unknown.error.message).to.equal(
      'No webhooks are received from provider paypal on this service',
    );
    // Anything else in the provider's place (a token pasted there, say) is not repeated.
    const pasted = await receiver(world).execute(
      'apptok_Secret123',
      webhook(String(withdrawal.railReference)),
    );
    expect(!pasted.ok && pasted.error.message).to.equal(
      'No webhooks are received from this provider on this service',
    );
    expect(world.uow.state.withdrawals.get(withdrawal.id)?.nextCheckAt).to.deep.equal(withdrawal.nextCheckAt);
  });

  it('moves the withdrawal by the poll it makes due; one delivered again after that poll moves nothing back', async () => {
    const world = new WithdrawalWorld();
    const withdrawal = await accepted(world);
    const due = new DueWithdrawals(world.deps);
    const runDue = async () => {
      for (const claimed of await due.claimDue(10)) await due.handle(claimed);
    };
    world.rail('ACH').willReport({ kind: 'SETTLED' });
    await receiver(world).execute('acme', webhook(String(withdrawal.railReference)));
    await runDue();
    expect(world.statuses(withdrawal.id)).to.deep.equal(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS']);
    const settled = world.uow.state.withdrawals.get(withdrawal.id);
    const asked = world.rail('ACH').statusQueries.length;
    await receiver(world).execute('acme', webhook(String(withdrawal.railReference)));
    await runDue();
    const after = world.uow.state.withdrawals.get(withdrawal.id);
    expect([after?.status, after?.sequence]).to.deep.equal(['SUCCESS', settled?.sequence]);
    expect(after?.nextCheckAt, 'nothing left due').to.equal(null);
    expect(world.rail('ACH').statusQueries, 'final: not asked again').to.have.length(asked);
    expect(world.eventsOf(withdrawal.id)).to.have.length(3);
  });
});
