import { committedChangesReporter } from '@payout/adapters-http/ops';
import { capturedLogger } from '@payout/adapters-http/testing';
import {
  JsonNumber,
  markSubmitted,
  type UnitOfWork,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookResponse,
} from '@payout/domain';
import { buildWebhookEvent, buildWithdrawal, seedCustomer, seedParties, T0 } from '@payout/domain/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { buildContainer } from './build-container.js';
import { TOKENS } from './tokens.js';

const URL_WITH_TOKEN = 'https://merchant.example/hooks?token=hook-secret-token';

/** A container in memory whose webhook receiver answers `statusCode`, with a retry schedule of one delay. */
async function wired(statusCode: number) {
  const { lines, logger } = capturedLogger();
  const container = await buildContainer(
    configFor({ APP_ENV: 'test', WEBHOOK_RETRY_SCHEDULE_MS: '1000' }),
    logger,
  );
  const answer: WebhookResponse = { statusCode, latencyMs: 3, retryAfterSeconds: null, error: null };
  (await container.rebind(TOKENS.webhookSender)).toConstantValue({ send: async () => answer });
  return { container, lines, logger, unitOfWork: await container.getAsync(TOKENS.unitOfWork) };
}

/** An event of a new withdrawal, `attempts` already made, and its merchant's endpoint. */
async function eventWithEndpoint(
  unitOfWork: UnitOfWork,
  attempts: number,
): Promise<{ event: WebhookEvent; endpoint: WebhookEndpoint }> {
  const parties = await seedParties(unitOfWork);
  const withdrawal = buildWithdrawal(parties);
  const event = { ...buildWebhookEvent(parties, withdrawal.id, 1), attempts, nextAttemptAt: T0 };
  const endpoint: WebhookEndpoint = {
    id: `endpoint-${parties.merchant.id}`,
    merchantId: parties.merchant.id,
    url: URL_WITH_TOKEN,
    secrets: [{ secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0', expiresAt: null }],
    disabled: false,
    createdAt: T0,
    updatedAt: T0,
  };
  await unitOfWork.run(async (tx) => {
    await tx.withdrawals.insert(withdrawal);
    await tx.webhookEndpoints.save(endpoint);
    await tx.webhookEvents.insert(event);
  });
  return { event, endpoint };
}

const linesSaying = (lines: Record<string, unknown>[], words: string) =>
  lines.filter((line) => String(line.msg).includes(words));

describe('committed changes as wired: metrics and log lines', () => {
  it('logs an endpoint disabled by a 410 once, naming the merchant, event and withdrawal, not the URL', async () => {
    const { container, lines, unitOfWork } = await wired(410);
    const { event, endpoint } = await eventWithEndpoint(unitOfWork, 0);
    const { deliverWebhook } = await container.getAsync(TOKENS.useCases);
    await deliverWebhook.deliver({ event, endpoint });
    const disabled = linesSaying(lines, 'endpoint disabled');
    expect(disabled).to.have.length(1);
    expect(disabled[0]).to.include({
      level: 'warn',
      merchantId: event.merchantId,
      eventId: event.id,
      withdrawalId: event.withdrawalId,
      statusCode: 410,
    });
    expect(JSON.stringify(lines)).not.to.contain('hook-secret-token');
  });

  it('logs a delivery whose retries are spent, and nothing for one that will be retried', async () => {
    const { container, lines, unitOfWork } = await wired(500);
    const { deliverWebhook } = await container.getAsync(TOKENS.useCases);
    const retried = await eventWithEndpoint(unitOfWork, 0);
    await deliverWebhook.deliver(retried);
    expect(linesSaying(lines, 'retries are exhausted')).to.deep.equal([]);
    const last = await eventWithEndpoint(unitOfWork, 1);
    await deliverWebhook.deliver(last);
    const exhausted = linesSaying(lines, 'retries are exhausted');
    expect(exhausted).to.have.length(1);
    expect(exhausted[0]).to.include({
      level: 'error',
      eventId: last.event.id,
      withdrawalId: last.event.withdrawalId,
      attempts: 2,
      lastStatusCode: 500,
    });
    expect(JSON.stringify(lines)).not.to.contain('hook-secret-token');
  });

  it('logs and counts a payout a rail accepted after its withdrawal FAILED, naming where to reconcile it', async () => {
    const { container, lines, logger, unitOfWork } = await wired(204);
    const parties = await seedParties(unitOfWork);
    const metrics = container.get(TOKENS.metrics);
    const late = markSubmitted(
      { ...buildWithdrawal(parties), status: 'FAILED', debited: true, railProvider: 'increase' },
      'ach_late',
      new Date(),
    );
    committedChangesReporter(metrics, logger).acceptedAfterFailing(late);
    const said = linesSaying(lines, 'accepted a payout already FAILED');
    expect(said).to.have.length(1);
    expect(said[0]).to.include({
      level: 'error',
      withdrawalId: late.id,
      merchantId: late.merchantId,
      provider: 'increase',
      railReference: 'ach_late',
    });
    const counted = (await metrics.withdrawalsAcceptedAfterFailing.get()).values;
    expect(counted.map(({ labels, value }) => ({ labels, value }))).to.deep.equal([
      { labels: { rail: 'ACH' }, value: 1 },
    ]);
  });

  it('counts a withdrawal created once its transaction commits, by rail and status', async () => {
    const { container, unitOfWork } = await wired(204);
    const { requestWithdrawal } = await container.getAsync(TOKENS.useCases);
    const metrics = container.get(TOKENS.metrics);
    const customer = await seedCustomer(unitOfWork, container.get(TOKENS.ids), new Date());
    const receipt = await requestWithdrawal.execute(customer.principal, {
      currency: 'USD',
      linkedAccountId: customer.accountId,
      body: { amount: JsonNumber.of('25'), walletType: 'SPEND' },
    });
    expect(receipt.ok).to.equal(true);
    const created = (await metrics.withdrawalsCreated.get()).values;
    expect(created.map(({ labels, value }) => ({ labels, value }))).to.deep.equal([
      { labels: { rail: 'ACH', status: 'PENDING' }, value: 1 },
    ]);
  });
});
