import { createLogger } from '@payout/adapters-http';
import type { DueDelivery, UnitOfWork, WebhookEvent, WebhookRequest, WebhookResponse } from '@payout/domain';
import { JsonNumber } from '@payout/domain';
import {
  buildWebhookEvent,
  buildWithdrawal,
  type Parties,
  seedCustomer,
  seedParties,
  T0,
} from '@payout/domain/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { eventually } from '../e2e/support/eventually.js';
import type { LeasedQueueRunner } from '../infrastructure/leased-queue.runner.js';
import { buildContainer } from './build-container.js';
import { TOKENS } from './tokens.js';

const ANSWERED: WebhookResponse = { statusCode: 204, latencyMs: 1, retryAfterSeconds: null, error: null };

/** A merchant with an endpoint at `url` and `count` events due, the earliest at `firstSecond` after T0. */
async function merchantWithEvents(
  unitOfWork: UnitOfWork,
  url: string,
  count: number,
  firstSecond: number,
): Promise<{ parties: Parties; events: WebhookEvent[] }> {
  const parties = await seedParties(unitOfWork);
  const withdrawal = buildWithdrawal(parties);
  const events = Array.from({ length: count }, (_, i) => ({
    ...buildWebhookEvent(parties, withdrawal.id, i + 1),
    nextAttemptAt: new Date(T0.getTime() + (firstSecond + i) * 1000),
  }));
  await unitOfWork.run(async (tx) => {
    await tx.withdrawals.insert(withdrawal);
    await tx.webhookEndpoints.save({
      id: `endpoint-${parties.merchant.id}`,
      merchantId: parties.merchant.id,
      url,
      secrets: [{ secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0', expiresAt: null }],
      disabled: false,
      createdAt: T0,
      updatedAt: T0,
    });
    for (const event of events) await tx.webhookEvents.insert(event);
  });
  return { parties, events };
}

describe('the webhook worker as wired', () => {
  it('holds a merchant whose endpoint hangs to WEBHOOK_CONCURRENCY_PER_MERCHANT deliveries, and delivers the others’ events meanwhile', async () => {
    const config = configFor({
      APP_ENV: 'test',
      WEBHOOK_CONCURRENCY: '4',
      WEBHOOK_CONCURRENCY_PER_MERCHANT: '2',
    });
    const container = await buildContainer(config, createLogger({ level: 'silent' }));
    const hanging: Array<() => void> = [];
    const sender = {
      send: (request: WebhookRequest): Promise<WebhookResponse> =>
        request.url.includes('hangs')
          ? new Promise((resolve) => hanging.push(() => resolve(ANSWERED)))
          : Promise.resolve(ANSWERED),
    };
    (await container.rebind(TOKENS.webhookSender)).toConstantValue(sender);
    const unitOfWork = await container.getAsync(TOKENS.unitOfWork);
    // The hanging merchant's six events are all due before the other's two.
    const slow = await merchantWithEvents(unitOfWork, 'https://hangs.example/hooks', 6, 1);
    const quick = await merchantWithEvents(unitOfWork, 'https://answers.example/hooks', 2, 10);
    const state = async (event: WebhookEvent) =>
      (await unitOfWork.read.webhookEvents.findById(event.id))?.deliveryState;
    const worker = await container.getAsync(TOKENS.webhookWorker);
    worker.start();
    try {
      await eventually(
        'the other merchant’s events delivered while the hanging endpoint holds its deliveries',
        async () =>
          (await Promise.all(quick.events.map(state))).every((s) => s === 'DELIVERED') ? true : undefined,
        5_000,
        () => `${hanging.length} deliveries hanging`,
      );
      expect(hanging, 'two of the four slots, not all four').to.have.length(2);
      for (const release of hanging.splice(0)) release();
      await eventually(
        'the hanging merchant’s events delivered once its endpoint answers',
        async () => {
          for (const release of hanging.splice(0)) release();
          return (await Promise.all(slow.events.map(state))).every((s) => s === 'DELIVERED')
            ? true
            : undefined;
        },
        5_000,
      );
    } finally {
      for (const release of hanging.splice(0)) release();
      await worker.stop();
    }
  });

  it('delivers the events of the process’s own status changes as they commit, without claiming them', async () => {
    const config = configFor({ APP_ENV: 'test', RAIL_DELAYS_MS: 'ACH=100' });
    const container = await buildContainer(config, createLogger({ level: 'silent' }));
    const delivered: string[] = [];
    const sender = {
      send: async (request: WebhookRequest): Promise<WebhookResponse> => {
        delivered.push(request.eventId);
        return ANSWERED;
      },
    };
    (await container.rebind(TOKENS.webhookSender)).toConstantValue(sender);
    const unitOfWork = await container.getAsync(TOKENS.unitOfWork);
    const customer = await seedCustomer(unitOfWork, container.get(TOKENS.ids), new Date());
    await unitOfWork.run((tx) =>
      tx.webhookEndpoints.save({
        id: `endpoint-${customer.merchantId}`,
        merchantId: customer.merchantId,
        url: 'https://answers.example/hooks',
        secrets: [{ secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0', expiresAt: null }],
        disabled: false,
        createdAt: T0,
        updatedAt: T0,
      }),
    );
    const webhooks = (await container.getAsync(TOKENS.webhookWorker)) as LeasedQueueRunner<DueDelivery>;
    const offered: string[] = [];
    const offer = webhooks.offer.bind(webhooks);
    webhooks.offer = (due) => {
      offered.push(due.event.status);
      offer(due);
    };
    const withdrawals = await container.getAsync(TOKENS.withdrawalWorker);
    const { requestWithdrawal } = await container.getAsync(TOKENS.useCases);
    webhooks.start();
    await withdrawals.start();
    try {
      const receipt = await requestWithdrawal.execute(customer.principal, {
        currency: 'USD',
        linkedAccountId: customer.accountId,
        body: { amount: JsonNumber.of('25'), walletType: 'SPEND' },
      });
      if (!receipt.ok) throw new Error(`withdrawal refused: ${JSON.stringify(receipt.error)}`);
      const { id } = receipt.value.withdrawal;
      await eventually(
        'the withdrawal settled and its three webhooks delivered',
        async () => {
          const all = await unitOfWork.read.webhookEvents.listForWithdrawal(id);
          return all.length === 3 && all.every((event) => event.deliveryState === 'DELIVERED')
            ? all
            : undefined;
        },
        5_000,
      );
      expect(offered, 'each handed over as its transaction committed').to.deep.equal([
        'PENDING',
        'PROCESSING_PAY_OUT',
        'SUCCESS',
      ]);
      expect(delivered).to.have.length(3);
    } finally {
      await withdrawals.stop();
      await webhooks.stop();
    }
  });
});
