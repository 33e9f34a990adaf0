import { mintHarnessToken } from '@payout/adapters-http/testing';
import { expect } from 'chai';
import { TOKENS } from '../container/tokens.js';
import { eventually } from '../e2e/support/eventually.js';
import { FakeIncrease } from '../e2e/support/fake-increase.server.js';
import { ProductionRailsWorld } from '../e2e/support/production-rails.world.js';
import { VerifyingWebhookReceiver } from '../e2e/support/verifying-webhook.receiver.js';

const INSIDE = [
  'https://127.0.0.1/',
  'http://localhost:4000/hooks',
  'https://localhost./',
  'https://127.1/',
  'https://2130706433/',
  'https://0x7f000001/',
  'https://0177.0.0.1/',
  'https://[::1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://0.0.0.0/',
  'https://10.1.2.3/',
  'https://172.16.0.1/',
  'https://192.168.0.1/',
  'https://100.64.0.1/',
  'https://[fc00::1]/',
  'https://[fd00::1]/',
  'https://169.254.169.254/latest/meta-data',
  'https://[::169.254.169.254]/',
  'https://[fe80::1]/',
  'https://224.0.0.1/',
  'https://metadata.google.internal/',
  'http://8.8.8.8/hooks',
];

/**
 * Production without OUTBOUND_ALLOWED_CIDRS: nothing a merchant's endpoint names reaches inside the network. The
 * other production suites allow-list loopback on purpose and their receivers get every delivery (productionEnvOn).
 */
describe('production: outbound requests stay outside the network', function () {
  this.timeout(60_000);
  let increase: FakeIncrease;
  let world: ProductionRailsWorld;
  let receiver: VerifyingWebhookReceiver;
  const operator = () => mintHarnessToken({ sub: 'outbound-suite', scope: 'operator' });

  before(async () => {
    increase = await FakeIncrease.start();
    receiver = await VerifyingWebhookReceiver.start();
    world = await ProductionRailsWorld.start('outbound_addresses', 'ACH=increase', {
      INCREASE_API_KEY: 'secret_key_local_fake',
      INCREASE_BASE_URL: increase.url,
      INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
      OUTBOUND_ALLOWED_CIDRS: '',
    });
  });

  after(async () => {
    await world?.stop();
    await receiver?.close();
    await increase?.close();
  });

  it('refuses every spelling of an inside address at registration with a 400 on url', async () => {
    const c = await world.customer('bank');
    for (const url of INSIDE) {
      const res = await fetch(`${world.url}/v1/operator/merchants/${c.merchantId}/webhook-endpoint`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${operator()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      });
      const body = (await res.json()) as { code: string; field: string; message: string };
      expect([res.status, body.code, body.field], `${url}: ${body.message}`).to.deep.equal([
        400,
        'VALIDATION_ERROR',
        'url',
      ]);
    }
  });

  it('refuses at delivery a host name that resolves to loopback, and sends it nothing', async () => {
    const c = await world.customer('bank');
    const unitOfWork = await world.service.container.getAsync(TOKENS.unitOfWork);
    // As an endpoint stored before the rule was would be: only the delivery's own check stands in its way.
    await unitOfWork.run(async (tx) => {
      const endpoint = await tx.webhookEndpoints.findByMerchant(c.merchantId);
      if (!endpoint) throw new Error('the world gives every merchant an endpoint');
      await tx.webhookEndpoints.save({
        ...endpoint,
        url: `http://localhost:${new URL(receiver.url).port}/hooks`,
      });
    });
    const id = await world.withdraw(c, 12.5);
    const attempt = await eventually(
      'a delivery attempt',
      async () => {
        const res = await fetch(`${world.url}/v1/operator/webhook-deliveries?transactionId=${id}`, {
          headers: { authorization: `Bearer ${operator()}` },
        });
        const body = (await res.json()) as { data: { attempts: { error: string | null }[] }[] };
        return body.data[0]?.attempts[0];
      },
      15_000,
    );
    expect(attempt.error).to.equal(
      'refused: localhost (127.0.0.1 is a loopback address): no delivery may go there',
    );
    expect(receiver.deliveries).to.have.length(0);
  });
});
