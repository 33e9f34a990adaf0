import { expect } from 'chai';
import { seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds } from './contract-subject.js';

export function linkedAccountRepositoryContract(factory: ContractFactory): void {
  describe('LinkedAccountRepository contract', () => {
    it('reads back an account with its full destination, sensitive fields included', async () => {
      const { unitOfWork } = await factory();
      const { account } = await seedParties(unitOfWork);
      expect(await unitOfWork.read.linkedAccounts.findById(account.id)).to.deep.equal(account);
      expect(await unitOfWork.read.linkedAccounts.findForEntity(account.id, account.entityId)).to.deep.equal(
        account,
      );
    });

    it('hides an account from every other entity as if it did not exist', async () => {
      const { unitOfWork } = await factory();
      const mine = await seedParties(unitOfWork);
      const other = await seedParties(unitOfWork);
      expect(await unitOfWork.read.linkedAccounts.findForEntity(mine.account.id, other.entity.id)).to.equal(
        null,
      );
      expect(await unitOfWork.read.linkedAccounts.findForEntity(contractIds.next(), mine.entity.id)).to.equal(
        null,
      );
      expect(await unitOfWork.read.linkedAccounts.findForEntity('acct-1', mine.entity.id)).to.equal(null);
      expect(await unitOfWork.read.linkedAccounts.findWithOwners(mine.account.id, other.entity.id)).to.equal(
        null,
      );
      expect(await unitOfWork.read.linkedAccounts.findWithOwners('acct-1', mine.entity.id)).to.equal(null);
    });

    it('reads an account together with its entity and merchant', async () => {
      const { unitOfWork } = await factory();
      const { account, entity, merchant } = await seedParties(unitOfWork, '7.50');
      const found = await unitOfWork.read.linkedAccounts.findWithOwners(account.id, entity.id);
      expect(found).to.deep.equal({ account, entity, merchant });
    });
  });
}
