import { expect } from 'chai';
import { Money } from '../../money/money.js';
import { seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds } from './contract-subject.js';

export function merchantRepositoryContract(factory: ContractFactory): void {
  describe('MerchantRepository contract', () => {
    it('reads back a saved merchant, and a second save replaces its settings', async () => {
      const { unitOfWork } = await factory();
      const { merchant } = await seedParties(unitOfWork);
      const stored = await unitOfWork.read.merchants.findById(merchant.id);
      expect({ ...stored, approvalThreshold: stored?.approvalThreshold.toString() }).to.deep.equal({
        ...merchant,
        approvalThreshold: '10000.00',
      });
      const changed = {
        ...merchant,
        payoutsEnabled: false,
        approvalThreshold: Money.of('250.50'),
        feeOverrides: { ACH: { type: 'FLAT', amount: '0.10' } } as const,
      };
      await unitOfWork.run((tx) => tx.merchants.save(changed));
      const updated = await unitOfWork.read.merchants.findById(merchant.id);
      expect(updated?.payoutsEnabled).to.equal(false);
      expect(updated?.approvalThreshold.toString()).to.equal('250.50');
      expect(updated?.feeOverrides).to.deep.equal({ ACH: { type: 'FLAT', amount: '0.10' } });
    });

    it('keeps the wallet and the creation time of the first save', async () => {
      const { unitOfWork } = await factory();
      const { merchant, wallet } = await seedParties(unitOfWork);
      await unitOfWork.run((tx) =>
        tx.merchants.save({ ...merchant, name: 'Renamed', walletId: wallet.id, createdAt: new Date(0) }),
      );
      const stored = await unitOfWork.read.merchants.findById(merchant.id);
      expect([stored?.name, stored?.walletId, stored?.createdAt]).to.deep.equal([
        'Renamed',
        merchant.walletId,
        merchant.createdAt,
      ]);
    });

    it('answers null for an unknown merchant', async () => {
      const { unitOfWork } = await factory();
      expect(await unitOfWork.read.merchants.findById(contractIds.next())).to.equal(null);
      expect(await unitOfWork.read.merchants.findById('m-1')).to.equal(null);
      expect(await unitOfWork.run((tx) => tx.merchants.lockById(contractIds.next()))).to.equal(null);
      expect(await unitOfWork.run((tx) => tx.merchants.lockById('m-1'))).to.equal(null);
    });

    it("locks the merchant as stored, with the unit's own writes", async () => {
      const { unitOfWork } = await factory();
      const { merchant } = await seedParties(unitOfWork);
      const locked = await unitOfWork.run(async (tx) => {
        await tx.merchants.save({ ...merchant, name: 'Locked' });
        return tx.merchants.lockById(merchant.id);
      });
      expect([locked?.id, locked?.name]).to.deep.equal([merchant.id, 'Locked']);
    });
  });
}
