import { generateKeyPairSync } from 'node:crypto';
import type { Customer } from '@payout/domain/testing';
import { expect } from 'chai';
import { FakeWise } from '../e2e/support/fake-wise.server.js';
import type { NetworkFault } from '../e2e/support/fault-proxy.js';
import {
  behindFaultProxy,
  CREATE_FAULTS,
  faultsMet,
  type HostileNetwork,
  paidOnceExactly,
  statusReadsFaulted,
  stopHostileNetwork,
  withdrawnThrough,
} from '../e2e/support/hostile-network.fixture.js';

const PROFILE_ID = '16313153';
/** Each customer starts with 1000.00; a SWIFT payout of 25.50 costs 50.50 with its fee. */
const AMOUNT = 25.5;
const TOLD = ['PENDING', 'SUCCESS'];

/**
 * The calls of one Wise payout that make something, in order. Wise documents `customerTransactionId` as what makes
 * a repeated transfer create safe, and nothing of the kind for a recipient account or a quote: the service records
 * those as soon as Wise answers them, so only one whose answer never came is asked again (neither moves money).
 * SCA answers the first funding call 403 with a one-time token; the second, signed, is the one that moves money.
 */
const STEPS: readonly { name: string; path: string | RegExp; passing?: number }[] = [
  { name: 'recipient account', path: '/v1/accounts' },
  { name: 'quote', path: `/v3/profiles/${PROFILE_ID}/quotes` },
  { name: 'transfer', path: '/v1/transfers' },
  { name: 'signed funding', path: /^\/v3\/profiles\/\d+\/transfers\/\d+\/payments$/, passing: 1 },
];

/**
 * The production service on Wise (a local fake of its API, SCA required for funding) with a hostile network
 * between them: whatever the network did to any call that makes the payout, Wise's book holds one transfer for the
 * withdrawal, funded once, the merchant is told the truth and the ledger is exact.
 */
describe('a hostile network between the service and Wise, as wired on PostgreSQL', function () {
  this.timeout(30_000);
  let wise: FakeWise;
  let net: HostileNetwork;
  const sca = generateKeyPairSync('rsa', { modulusLength: 2048 });

  before(async () => {
    wise = await FakeWise.start();
    wise.requireSca(sca.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    net = await behindFaultProxy(wise.url, 'wise_network_faults', 'SWIFT=wise', (url) => ({
      WISE_API_TOKEN: 'wise_token_local_fake',
      WISE_PROFILE_ID: PROFILE_ID,
      WISE_BASE_URL: url,
      WISE_WEBHOOK_PUBLIC_KEY: wise.publicKeyPem.replaceAll('\n', '\\n'),
      WISE_SCA_PRIVATE_KEY: sca.privateKey
        .export({ type: 'pkcs8', format: 'pem' })
        .toString()
        .replaceAll('\n', '\\n'),
    }));
  });

  after(async () => {
    await stopHostileNetwork(net);
    await wise?.close();
  });

  /** Wise sends the money out (its sandbox simulation, asked directly) and says so by webhook; then what must hold. */
  async function settledExactly(c: Customer, id: string, reference: string): Promise<void> {
    const moved = await fetch(`${wise.url}/v1/simulation/transfers/${reference}/outgoing_payment_sent`);
    expect(moved.status).to.equal(200);
    const told = await net.world.postProviderWebhook('wise', wise.signedStateChange(Number(reference)));
    expect(told.status).to.equal(200);
    await paidOnceExactly(net.world, c, id, TOLD, '949.50');
    expect(wise.transfersWithKey(id), "Wise's book: one transfer, funded once").to.deep.equal([
      { id: Number(reference), fundings: 1 },
    ]);
  }

  /** How many of the requests that met `faults` reached Wise: all but those reset before they left. */
  const reachedWise = (faults: readonly NetworkFault[]) => faults.filter((f) => f !== 'reset').length;

  for (const step of STEPS)
    for (const [fault, what] of CREATE_FAULTS)
      it(`the ${step.name} ${what}: "Payment queued", one transfer, funded once`, async () => {
        const { proxy, world } = net;
        const c = await world.customer('international_bank');
        const made = { recipients: wise.recipients, quotes: wise.quotes };
        const from = proxy.seen.length;
        const aimed = { method: 'POST', path: step.path, fault, passing: step.passing ?? 0 };
        const { id, reference, met } = await withdrawnThrough(net, c, aimed, AMOUNT, '50.50');
        if (step.name === 'signed funding' && fault !== 'reset')
          // Wise funded it: the retry reads the transfer again, sees it funded and never funds it again.
          expect(met, 'funded, never asked again').to.deep.equal([fault]);
        else expect(met.at(-1), `the ${step.name} retried until Wise answered`).to.equal('pass');
        // A recipient account or quote is made again only when Wise's answer to it never came.
        const asked = (name: string) =>
          step.name === name ? reachedWise(faultsMet(proxy, from, 'POST', step.path)) : 1;
        expect({
          recipients: wise.recipients - made.recipients,
          quotes: wise.quotes - made.quotes,
        }).to.deep.equal({
          recipients: asked('recipient account'),
          quotes: asked('quote'),
        });
        await settledExactly(c, id, reference);
      });

  it('a status read reset, then one whose answer is held past the timeout: the payout waits, then settles', async () => {
    const c = await net.world.customer('international_bank');
    const id = await net.world.withdraw(c, AMOUNT);
    const reference = await net.world.accepted(id);
    await statusReadsFaulted(net.proxy, `/v1/transfers/${reference}`, () => settledExactly(c, id, reference));
  });
});
