import { createLogger } from '@payout/adapters-http';
import { scratchDatabase } from '@payout/adapters-persistence/testing';
import { JsonNumber } from '@payout/domain';
import { seedCustomer } from '@payout/domain/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { eventually } from '../e2e/support/eventually.js';
import { VerifyingWebhookReceiver } from '../e2e/support/verifying-webhook.receiver.js';
import { buildContainer } from './build-container.js';
import { TOKENS } from './tokens.js';

const SECRET = 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0';
/** Past the first retry's delay (5 s, ± a fifth) and within the receiver's tolerance of a signature's age. */
const PAST_THE_FIRST_RETRY_MS = 10_000;

describe('a webhook retried on PostgreSQL, as wired', function () {
  this.timeout(30_000);

  it('sends the bytes of its first attempt again, signed afresh', async () => {
    const database = await scratchDatabase('webhook_retry_bytes');
    const receiver = await VerifyingWebhookReceiver.start((n) => (n === 0 ? 500 : 204));
    receiver.useSecret(SECRET);
    const container = await buildContainer(
      configFor({ APP_ENV: 'development', DATABASE_URL: database.url }),
      createLogger({ level: 'silent' }),
    );
    let ahead = 0;
    (await container.rebind(TOKENS.clock)).toConstantValue({ now: () => new Date(Date.now() + ahead) });
    const unitOfWork = await container.getAsync(TOKENS.unitOfWork);
    const webhooks = await container.getAsync(TOKENS.webhookWorker);
    const { requestWithdrawal } = await container.getAsync(TOKENS.useCases);
    webhooks.start();
    try {
      const customer = await seedCustomer(unitOfWork, container.get(TOKENS.ids), new Date());
      await unitOfWork.run((tx) =>
        tx.webhookEndpoints.save({
          id: container.get(TOKENS.ids).next(),
          merchantId: customer.merchantId,
          url: receiver.url,
          secrets: [{ secret: SECRET, expiresAt: null }],
          disabled: false,
          createdAt: new Date(),
          updatedAt: new Date(),
        }),
      );
      const receipt = await requestWithdrawal.execute(customer.principal, {
        currency: 'USD',
        linkedAccountId: customer.accountId,
        body: { amount: JsonNumber.of('25.5'), walletType: 'SPEND' },
      });
      if (!receipt.ok) throw new Error(`withdrawal refused: ${JSON.stringify(receipt.error)}`);
      // Its first event is refused; the events after it (the rail's answer to the submission) are taken.
      const refused = await eventually(
        'the first attempt refused and recorded',
        async () => {
          const eventId = receiver.deliveries[0]?.eventId;
          const event = eventId ? await unitOfWork.read.webhookEvents.findById(eventId) : null;
          return event?.attempts === 1 ? event.id : undefined;
        },
        5_000,
      );
      ahead = PAST_THE_FIRST_RETRY_MS;
      webhooks.wake();
      await eventually(
        'the retry acknowledged',
        () => (receiver.acknowledged().has(refused) ? true : undefined),
        5_000,
      );

      const attempts = receiver.deliveries.filter((d) => d.eventId === refused);
      expect(attempts.map((d) => d.answered)).to.deep.equal([500, 204]);
      const [first, retry] = attempts;
      expect(retry?.raw, 'the same bytes').to.equal(first?.raw);
      expect([first?.verified, retry?.verified], 'each signature verifies').to.deep.equal([true, true]);
      expect(Number(retry?.timestamp) - Number(first?.timestamp), 'signed at its own time').to.be.at.least(
        PAST_THE_FIRST_RETRY_MS / 1000 - 1,
      );
    } finally {
      await webhooks.stop();
      for (const resource of await container.getAsync(TOKENS.resources)) await resource.close();
      await receiver.close();
      await database.drop();
    }
  });
});
