import type { WebhookEvent } from '@payout/domain';
import { buildWebhookEvent, buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { knexContractSubject } from '../testing/knex-contract-subject.js';
import { statementsOf } from '../testing/statements-sent.js';

describe('mergeUpdates on PostgreSQL, through the unit of work', () => {
  it('records a group of delivery outcomes with one UPDATE, each event its own values', async () => {
    const { unitOfWork } = await knexContractSubject();
    const parties = await seedParties(unitOfWork);
    const withdrawal = buildWithdrawal(parties);
    const events = [1, 2, 3, 4].map((sequence) => buildWebhookEvent(parties, withdrawal.id, sequence));
    await unitOfWork.run(async (tx) => {
      await tx.withdrawals.insert(withdrawal);
      for (const event of events) await tx.webhookEvents.insert(event);
    });
    const outcomes: WebhookEvent[] = events.map((event, n) => ({
      ...event,
      attempts: 1,
      deliveryState: n === 2 ? 'PENDING' : 'DELIVERED',
      nextAttemptAt: n === 2 ? new Date(Date.UTC(2026, 2, 1, 11, n)) : null,
      deliveredAt: n === 2 ? null : new Date(Date.UTC(2026, 2, 1, 10, n)),
    }));
    const sent = await statementsOf(() =>
      unitOfWork.run(async (tx) => {
        for (const outcome of outcomes) await tx.webhookEvents.update(outcome, 0);
      }),
    );
    const updates = sent.filter((text) => /\bUPDATE "webhook_events"/.test(text));
    expect(updates, 'one statement for the four').to.have.length(1);
    expect(updates[0]).to.include('FROM (VALUES');
    expect(await unitOfWork.read.webhookEvents.listForWithdrawal(withdrawal.id)).to.deep.equal(outcomes);
  });
});
