import { expect } from 'chai';
import { JsonNumber } from '../../money/money.js';
import type { WebhookResponse } from '../../ports/webhook-sender.port.js';
import { FakeSecretGenerator } from '../../testing/fake-secrets.js';
import { OPEN_OUTBOUND_URLS } from '../../testing/open-outbound-urls.js';
import { RecordingWebhookSender } from '../../testing/recording-webhook-sender.js';
import { RedeliverWebhook, SetWebhookEndpoint } from '../operator/index.js';
import { OPERATOR } from '../operator/operator-world.fixture.js';
import { WithdrawalWorld } from '../withdrawals/withdrawal-world.fixture.js';
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS, DeliverWebhook } from './deliver-webhook.use-case.js';

const operator = OPERATOR;
const answer = (statusCode: number | null, retryAfterSeconds: number | null = null): WebhookResponse => ({
  statusCode,
  latencyMs: 3,
  retryAfterSeconds,
  error: statusCode === null ? 'ECONNREFUSED' : null,
});

async function setup(withEndpoint = true) {
  const world = new WithdrawalWorld();
  const c = await world.customer();
  const secrets = new FakeSecretGenerator();
  const opDeps = {
    unitOfWork: world.uow,
    clock: world.clock,
    ids: world.ids,
    secrets,
    outboundUrls: OPEN_OUTBOUND_URLS,
  };
  const endpoint = withEndpoint
    ? await new SetWebhookEndpoint(opDeps).execute(operator, c.merchantId, {
        url: 'https://merchant.test/hooks',
      })
    : null;
  const result = await world.request.execute(c.principal, {
    currency: 'USD',
    linkedAccountId: c.accountId,
    body: { amount: JsonNumber.of('10'), walletType: 'SPEND' },
  });
  if (!result.ok) throw new Error(result.error.message);
  const sender = new RecordingWebhookSender();
  const deliver = new DeliverWebhook({
    unitOfWork: world.uow,
    sender,
    clock: world.clock,
    ids: world.ids,
    settings: { retryScheduleMs: [1000, 4000], jitterRatio: 0.5, claimLeaseMs: 60_000 },
    random: () => 0.5,
  });
  const event = world.eventsOf(result.value.withdrawal.id)[0];
  if (!event) throw new Error('no event');
  return { world, sender, deliver, event, secret: endpoint?.ok ? endpoint.value.secret : '', opDeps };
}

/** One attempt of the event as stored now, with its merchant's endpoint: what a claim hands the worker. */
async function deliverStored(world: WithdrawalWorld, deliver: DeliverWebhook, eventId: string) {
  const event = await world.uow.read.webhookEvents.findById(eventId);
  if (!event) throw new Error(`no event ${eventId}`);
  const endpoint = await world.uow.read.webhookEndpoints.findByMerchant(event.merchantId);
  await deliver.deliver({ event, endpoint });
}

const claimedIds = async (deliver: DeliverWebhook) => (await deliver.claimDue(10)).map((due) => due.event.id);

describe('DeliverWebhook', () => {
  it('the default schedule retries for at least three days', () => {
    const total = DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
    expect(total).to.be.at.least(3 * 24 * 3600 * 1000);
  });

  it('signs with the endpoint secret, sends the event body, records the attempt and stops on 2xx', async () => {
    const { world, sender, deliver, event, secret } = await setup();
    sender.willAnswer(answer(204));
    await deliverStored(world, deliver, event.id);
    expect(sender.requests).to.have.length(1);
    expect(sender.requests[0]).to.deep.include({
      eventId: event.id,
      url: 'https://merchant.test/hooks',
      secrets: [secret],
    });
    expect(sender.requests[0]?.body).to.equal(event.body);
    expect(JSON.parse(event.body).payload.transactionId).to.equal(event.withdrawalId);
    const stored = world.uow.state.webhookEvents.get(event.id);
    expect(stored?.deliveryState).to.equal('DELIVERED');
    expect(world.uow.state.webhookAttempts.map((a) => [a.attempt, a.statusCode, a.succeeded])).to.deep.equal([
      [1, 204, true],
    ]);
    await deliverStored(world, deliver, event.id);
    expect(sender.requests).to.have.length(1);
  });

  it('retries on failure per the schedule, honouring a longer Retry-After, then gives up without dropping', async () => {
    const { world, sender, deliver, event } = await setup();
    sender.willAnswer(answer(500), answer(503, 30), answer(null));
    await deliverStored(world, deliver, event.id);
    const afterFirst = world.uow.state.webhookEvents.get(event.id);
    expect(afterFirst?.nextAttemptAt?.getTime()).to.equal(world.clock.now().getTime() + 1000);
    await deliverStored(world, deliver, event.id);
    expect(world.uow.state.webhookEvents.get(event.id)?.nextAttemptAt?.getTime()).to.equal(
      world.clock.now().getTime() + 30_000,
    );
    await deliverStored(world, deliver, event.id);
    const last = world.uow.state.webhookEvents.get(event.id);
    expect(last?.deliveryState).to.equal('FAILED');
    expect(world.uow.state.webhookAttempts).to.have.length(3);
  });

  it('hands each due event to one claimer per lease and again when its retry falls due', async () => {
    const { world, sender, deliver, event } = await setup();
    const ids = world.eventsOf(event.withdrawalId as string).map((e) => e.id);
    expect(await claimedIds(deliver)).to.deep.equal(ids);
    expect(await claimedIds(deliver), 'claimed events wait for their lease').to.deep.equal([]);
    sender.willAnswer(answer(500));
    await deliverStored(world, deliver, event.id);
    world.clock.advance(999);
    expect(await claimedIds(deliver)).to.deep.equal([]);
    world.clock.advance(1);
    expect(await claimedIds(deliver), 'the first retry is due 1 s later').to.deep.equal([event.id]);
    world.clock.advance(60_000);
    expect(await claimedIds(deliver), 'a lease that ran out is claimable again').to.have.members(ids);
  });

  it('410 Gone disables the endpoint; redelivery re-enables it and sends the same event id', async () => {
    const { world, sender, deliver, event, opDeps } = await setup();
    sender.willAnswer(answer(410), answer(200));
    await deliverStored(world, deliver, event.id);
    expect([...world.uow.state.webhookEndpoints.values()][0]?.disabled).to.equal(true);
    const redelivered = await new RedeliverWebhook(opDeps).execute(operator, event.id);
    expect(redelivered.ok).to.equal(true);
    expect(await claimedIds(deliver)).to.include(event.id);
    await deliverStored(world, deliver, event.id);
    expect(sender.requests.map((r) => r.eventId)).to.deep.equal([event.id, event.id]);
    expect(world.uow.state.webhookEvents.get(event.id)?.deliveryState).to.equal('DELIVERED');
  });

  it('keeps events waiting when the merchant has no endpoint', async () => {
    const { world, sender, deliver, event } = await setup(false);
    await deliverStored(world, deliver, event.id);
    expect(sender.requests).to.have.length(0);
    expect(world.uow.state.webhookEvents.get(event.id)?.deliveryState).to.equal('NO_ENDPOINT');
  });

  it('claims events with their endpoint and delivers them as claimed, with no further read', async () => {
    const { world, sender, deliver, event, secret } = await setup();
    const due = await deliver.claimDue(10);
    expect(due.map((d) => d.event.id)).to.deep.equal(
      world.eventsOf(event.withdrawalId as string).map((e) => e.id),
    );
    expect(due[0]?.endpoint?.url).to.equal('https://merchant.test/hooks');
    sender.willAnswer(answer(204));
    await deliver.deliver(due[0]!);
    expect(sender.requests[0]?.secrets).to.deep.equal([secret]);
    expect(world.uow.state.webhookEvents.get(event.id)?.deliveryState).to.equal('DELIVERED');
  });

  it('records after the attempt another worker recorded meanwhile, never over it', async () => {
    const { world, sender, deliver, event } = await setup();
    const [claimed] = await deliver.claimDue(1);
    // The lease runs out while this worker waits on the endpoint; another worker delivers and is refused.
    sender.willAnswer(answer(503), answer(204));
    await deliverStored(world, deliver, event.id);
    await deliver.deliver(claimed!);
    expect(world.uow.state.webhookAttempts.map((a) => [a.attempt, a.statusCode])).to.deep.equal([
      [1, 503],
      [2, 204],
    ]);
    const stored = world.uow.state.webhookEvents.get(event.id);
    expect([stored?.attempts, stored?.deliveryState]).to.deep.equal([2, 'DELIVERED']);
  });
});
