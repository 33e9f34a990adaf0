import { expect } from 'chai';
import type { ApplicationToken } from '../../application-token/application-token.js';
import { Money } from '../../money/money.js';
import { at, seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds, rejectionOf } from './contract-subject.js';

const comparable = (t: ApplicationToken | null) => (t ? { ...t, amount: t.amount?.toString() ?? null } : t);

export function applicationTokenStoreContract(factory: ContractFactory): void {
  describe('ApplicationTokenStore contract', () => {
    it('finds a token by hash and by id, amount and expiry intact', async () => {
      const { unitOfWork } = await factory();
      const { token } = await seedParties(unitOfWork);
      const paymentLink: ApplicationToken = {
        ...token,
        id: contractIds.next(),
        tokenHash: `contract-hash-${contractIds.next()}`,
        purpose: 'PAYMENT_LINK',
        amount: Money.of('0.30'),
        withdrawalSource: 'MERCHANT_WALLET',
        expiresAt: at(60_000),
      };
      await unitOfWork.run((tx) => tx.applicationTokens.insert(paymentLink));
      const byHash = await unitOfWork.read.applicationTokens.findByHash(paymentLink.tokenHash);
      expect(comparable(byHash)).to.deep.equal(comparable(paymentLink));
      expect(comparable(await unitOfWork.read.applicationTokens.findById(token.id))).to.deep.equal(
        comparable(token),
      );
      expect(await unitOfWork.read.applicationTokens.findByHash('contract-hash-unknown')).to.equal(null);
    });

    it('refuses a second token with the same hash', async () => {
      const { unitOfWork } = await factory();
      const { token } = await seedParties(unitOfWork);
      await rejectionOf(
        unitOfWork.run((tx) => tx.applicationTokens.insert({ ...token, id: contractIds.next() })),
      );
    });

    it('writes only the status, and fails the unit for a token that does not exist', async () => {
      const { unitOfWork } = await factory();
      const { token } = await seedParties(unitOfWork);
      await unitOfWork.run((tx) =>
        tx.applicationTokens.update({
          ...token,
          status: 'INACTIVE',
          amount: Money.of('9.00'),
          expiresAt: at(1),
        }),
      );
      expect(comparable(await unitOfWork.read.applicationTokens.findById(token.id))).to.deep.equal(
        comparable({ ...token, status: 'INACTIVE' }),
      );
      const missing = { ...token, id: contractIds.next() };
      await rejectionOf(unitOfWork.run((tx) => tx.applicationTokens.update(missing)));
    });

    it('updates the status of a locked token', async () => {
      const { unitOfWork } = await factory();
      const { token } = await seedParties(unitOfWork);
      await unitOfWork.run(async (tx) => {
        const locked = await tx.applicationTokens.lockById(token.id);
        if (locked) await tx.applicationTokens.update({ ...locked, status: 'INACTIVE' });
      });
      expect((await unitOfWork.read.applicationTokens.findById(token.id))?.status).to.equal('INACTIVE');
    });
  });
}
