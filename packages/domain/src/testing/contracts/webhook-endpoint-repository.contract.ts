import { expect } from 'chai';
import type { WebhookEndpoint } from '../../webhooks/webhook-endpoint.js';
import { at, seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds } from './contract-subject.js';

/** A merchant's endpoint made at `at(0)`, enabled, with one secret that never expires. */
const endpointOf = (merchantId: string, url: string, secret: string): WebhookEndpoint => ({
  id: contractIds.next(),
  merchantId,
  url,
  secrets: [{ secret, expiresAt: null }],
  disabled: false,
  createdAt: at(0),
  updatedAt: at(0),
});

export function webhookEndpointRepositoryContract(factory: ContractFactory): void {
  describe('WebhookEndpointRepository contract', () => {
    it('reads back the endpoint with its secrets newest first and their expiries', async () => {
      const { unitOfWork } = await factory();
      const { merchant } = await seedParties(unitOfWork);
      const endpoint: WebhookEndpoint = {
        id: contractIds.next(),
        merchantId: merchant.id,
        url: 'https://merchant.example.test/hooks',
        secrets: [
          { secret: 'whsec_bmV3ZXN0LXNlY3JldC1uZXdlc3Qtc2VjcmV0', expiresAt: null },
          { secret: 'whsec_b2xkZXItc2VjcmV0LW9sZGVyLXNlY3JldC0x', expiresAt: at(86_400_000) },
        ],
        disabled: false,
        createdAt: at(0),
        updatedAt: at(0),
      };
      await unitOfWork.run((tx) => tx.webhookEndpoints.save(endpoint));
      expect(await unitOfWork.read.webhookEndpoints.findByMerchant(merchant.id)).to.deep.equal(endpoint);
      const disabled = {
        ...endpoint,
        disabled: true,
        secrets: endpoint.secrets.slice(0, 1),
        updatedAt: at(5),
      };
      await unitOfWork.run((tx) => tx.webhookEndpoints.save(disabled));
      expect(await unitOfWork.read.webhookEndpoints.findByMerchant(merchant.id)).to.deep.equal(disabled);
    });

    it('keeps the merchant and the creation time of an endpoint saved again', async () => {
      const { unitOfWork } = await factory();
      const { merchant } = await seedParties(unitOfWork);
      const endpoint = endpointOf(
        merchant.id,
        'https://merchant.example.test/hooks',
        'whsec_a2VwdC1zZWNyZXQta2VwdC1zZWNyZXQta2Vw',
      );
      await unitOfWork.run((tx) => tx.webhookEndpoints.save(endpoint));
      await unitOfWork.run((tx) =>
        tx.webhookEndpoints.save({
          ...endpoint,
          url: 'https://moved.example.test/',
          createdAt: at(9),
          updatedAt: at(9),
        }),
      );
      expect(await unitOfWork.read.webhookEndpoints.findByMerchant(merchant.id)).to.deep.equal({
        ...endpoint,
        url: 'https://moved.example.test/',
        updatedAt: at(9),
      });
    });

    it('keeps one endpoint per merchant: saving another id replaces the first', async () => {
      const { unitOfWork } = await factory();
      const { merchant } = await seedParties(unitOfWork);
      const first = endpointOf(
        merchant.id,
        'https://one.example.test/',
        'whsec_Zmlyc3Qtc2VjcmV0LWZpcnN0LXNlY3JldA',
      );
      const second = { ...first, id: contractIds.next(), url: 'https://two.example.test/' };
      await unitOfWork.run((tx) => tx.webhookEndpoints.save(first));
      await unitOfWork.run((tx) => tx.webhookEndpoints.save(second));
      expect((await unitOfWork.read.webhookEndpoints.findByMerchant(merchant.id))?.id).to.equal(second.id);
      expect(await unitOfWork.read.webhookEndpoints.findByMerchant(contractIds.next())).to.equal(null);
    });
  });
}
