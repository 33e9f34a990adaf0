import { generateKeyPairSync } from 'node:crypto';
import { LINK_BODIES } from '@payout/domain/testing';
import { expect } from 'chai';
import { FakeWise } from '../e2e/support/fake-wise.server.js';
import { ProductionRailsWorld } from '../e2e/support/production-rails.world.js';

describe('production on Wise (a local fake of its API), as wired on PostgreSQL', function () {
  this.timeout(60_000);
  let wise: FakeWise;
  let world: ProductionRailsWorld;

  // The service's SCA key: its private half configured, its public half "uploaded" to the fake.
  const sca = generateKeyPairSync('rsa', { modulusLength: 2048 });

  before(async () => {
    wise = await FakeWise.start();
    wise.requireSca(sca.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    world = await ProductionRailsWorld.start('wise_rails', 'SWIFT=wise', {
      WISE_API_TOKEN: 'wise_token_local_fake',
      WISE_PROFILE_ID: '16313153',
      WISE_BASE_URL: wise.url,
      // As a .env file carries them, on one line.
      WISE_WEBHOOK_PUBLIC_KEY: wise.publicKeyPem.replaceAll('\n', '\\n'),
      WISE_SCA_PRIVATE_KEY: sca.privateKey
        .export({ type: 'pkcs8', format: 'pem' })
        .toString()
        .replaceAll('\n', '\\n'),
    });
  });

  after(async () => {
    await world?.stop();
    await wise?.close();
  });

  it("refuses to link an account abroad Wise's account requirements refuse (400 naming the field), storing nothing", async () => {
    const c = await world.customer('international_bank');
    const before = await world.linkedAccounts(c, 'international_bank');
    const inNewYork = {
      ...(LINK_BODIES.international_bank.data as Record<string, unknown>),
      accountNumber: '123456789',
      swiftOrBic: 'CHASUS33',
      recipientCity: 'New York',
      recipientCountry: 'US',
      recipientPostalCode: '10045',
    };
    const asked = wise.requirementsAsked;
    const refused = await world.link(c, 'international_bank', { ...inNewYork, recipientState: 'New York' });
    expect(refused.status).to.equal(400);
    expect(refused.body).to.deep.include({
      message: 'data.recipientState is not a value Wise accepts for State',
    });
    // Asked, then asked again with the country that brings the state.
    expect(wise.requirementsAsked - asked).to.equal(2);
    expect(await world.linkedAccounts(c, 'international_bank')).to.have.length(before.length);

    const linked = await world.link(c, 'international_bank', { ...inNewYork, recipientState: 'NY' });
    expect(linked.status, JSON.stringify(linked.body)).to.equal(200);
    expect(await world.linkedAccounts(c, 'international_bank')).to.have.length(before.length + 1);
  });

  it('pays a SWIFT withdrawal with one transfer, settles it on a signed Wise webhook and tells the merchant', async () => {
    const c = await world.customer('international_bank');
    const id = await world.withdraw(c, 25.5);
    const reference = await world.accepted(id);
    expect(wise.transferCreates).to.have.length(1);
    const [create] = wise.transferCreates;
    expect(create?.body.customerTransactionId, 'customerTransactionId').to.equal(id);
    expect(create?.authorization).to.equal('Bearer wise_token_local_fake');
    const transferId = Number(reference);

    // Wise's events come in any order: one about a state the transfer already left is only a reason to poll.
    const accepted = await world.stored(id);
    expect((await world.postProviderWebhook('wise', wise.signedStateChange(transferId))).status).to.equal(
      200,
    );
    const polled = await world.polledSince(id, accepted?.nextCheckAt);
    expect(polled?.status).to.equal('PENDING');

    const forged = await world.postProviderWebhook('wise', wise.signedStateChange(transferId, true));
    expect(forged.status).to.equal(401);
    expect(await forged.json()).to.deep.include({ success: false, fatal: true, code: 'UNAUTHORIZED' });

    await fetch(`${wise.url}/v1/simulation/transfers/${transferId}/outgoing_payment_sent`);
    expect((await world.postProviderWebhook('wise', wise.signedStateChange(transferId))).status).to.equal(
      200,
    );
    expect(await world.merchantToldOf(id, 'SUCCESS')).to.deep.equal(['PENDING', 'SUCCESS']);
    expect(wise.transferCreates, 'one transfer, never a second').to.have.length(1);
    expect(wise.signedFundings, 'funded with the one-time token signed').to.equal(1);
  });

  it('retried after Wise failed between the recipient and the quote, makes one recipient, one quote and one transfer', async () => {
    const before = {
      recipients: wise.recipients,
      quotes: wise.quotes,
      transfers: wise.transferCreates.length,
    };
    wise.failNextQuote = true;
    const c = await world.customer('international_bank');
    const id = await world.withdraw(c, 12.25);
    await world.accepted(id);
    expect((await world.stored(id))?.submitAttempts, 'a retry').to.equal(2);
    expect({
      recipients: wise.recipients - before.recipients,
      quotes: wise.quotes - before.quotes,
      transfers: wise.transferCreates.length - before.transfers,
    }).to.deep.equal({ recipients: 1, quotes: 1, transfers: 1 });
  });
});
