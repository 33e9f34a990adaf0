import { expect } from 'chai';
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
  });
}
