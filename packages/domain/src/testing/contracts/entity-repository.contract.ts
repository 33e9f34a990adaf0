import { expect } from 'chai';
import { entityIdentity } from '../../entity/entity.js';
import { seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds, rejectionOf } from './contract-subject.js';

export function entityRepositoryContract(factory: ContractFactory): void {
  describe('EntityRepository contract', () => {
    it('reads back an inserted entity and refuses its id twice', async () => {
      const { unitOfWork } = await factory();
      const { entity } = await seedParties(unitOfWork);
      expect(await unitOfWork.read.entities.findById(entity.id)).to.deep.equal(entity);
      await rejectionOf(unitOfWork.run((tx) => tx.entities.insert(entity)));
      expect(await unitOfWork.read.entities.findById(contractIds.next())).to.equal(null);
      expect(await unitOfWork.read.entities.findById('entity-x')).to.equal(null);
    });

    it('reads an entity’s identity, and only that, in and out of a unit of work, as often as asked', async () => {
      const { unitOfWork } = await factory();
      const { entity } = await seedParties(unitOfWork);
      const identity = entityIdentity(entity);
      expect(Object.keys(identity).sort()).to.deep.equal(['entityType', 'id', 'merchantId', 'walletId']);
      expect(await unitOfWork.read.entities.findIdentity(entity.id)).to.deep.equal(identity);
      expect(await unitOfWork.read.entities.findIdentity(entity.id), 'again').to.deep.equal(identity);
      expect(await unitOfWork.run((tx) => tx.entities.findIdentity(entity.id))).to.deep.equal(identity);
      expect(await unitOfWork.read.entities.findIdentity(contractIds.next())).to.equal(null);
      expect(await unitOfWork.read.entities.findIdentity('entity-x')).to.equal(null);
    });
  });
}
