import { expect } from 'chai';
import { Money } from '../../money/money.js';
import { creditWallet } from '../../wallet/wallet.js';
import { buildParties, seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds, rejectionOf } from './contract-subject.js';

export function walletRepositoryContract(factory: ContractFactory): void {
  describe('WalletRepository contract', () => {
    it('reads back an inserted wallet field for field', async () => {
      const { unitOfWork } = await factory();
      const { wallet } = await seedParties(unitOfWork, '12.34');
      const found = await unitOfWork.read.wallets.findById(wallet.id);
      expect(found).to.not.equal(null);
      expect({ ...found, balance: found?.balance.toString() }).to.deep.equal({ ...wallet, balance: '12.34' });
    });

    it('answers null for an unknown id and for a string that is not an id at all', async () => {
      const { unitOfWork } = await factory();
      expect(await unitOfWork.read.wallets.findById(contractIds.next())).to.equal(null);
      expect(await unitOfWork.read.wallets.findById('not-a-wallet')).to.equal(null);
    });

    it('refuses a second wallet with the same id', async () => {
      const { unitOfWork } = await factory();
      const { wallet } = await seedParties(unitOfWork);
      await rejectionOf(unitOfWork.run((tx) => tx.wallets.insert(wallet)));
    });

    it('keeps cents exact: 0.10 + 0.20 is 0.30, and the largest numeric(20,2) survives', async () => {
      const { unitOfWork } = await factory();
      const { wallet } = await seedParties(unitOfWork);
      for (const amount of ['0.10', '0.20']) {
        await unitOfWork.run(async (tx) => {
          const locked = await tx.wallets.lockById(wallet.id);
          if (!locked) throw new Error('wallet vanished');
          await tx.wallets.update(creditWallet(locked, Money.of(amount)));
        });
      }
      expect((await unitOfWork.read.wallets.findById(wallet.id))?.balance.toString()).to.equal('0.30');
      const huge = buildParties('999999999999999999.99');
      await unitOfWork.run(async (tx) => {
        await tx.merchants.save(huge.merchant);
        await tx.wallets.insert(huge.merchantWallet);
        await tx.wallets.insert(huge.wallet);
      });
      const stored = await unitOfWork.read.wallets.findById(huge.wallet.id);
      expect(stored?.balance.toString()).to.equal('999999999999999999.99');
    });

    it('writes the disabled flag', async () => {
      const { unitOfWork } = await factory();
      const { wallet } = await seedParties(unitOfWork, '5.00');
      await unitOfWork.run(async (tx) => {
        const locked = await tx.wallets.lockById(wallet.id);
        if (locked) await tx.wallets.update({ ...locked, disabled: true });
      });
      const stored = await unitOfWork.read.wallets.findById(wallet.id);
      expect(stored?.disabled).to.equal(true);
      expect(stored?.balance.toString()).to.equal('5.00');
    });

    it('writes only the balance and the disabled flag, and fails the unit for a wallet that does not exist', async () => {
      const { unitOfWork } = await factory();
      const { wallet, merchant } = await seedParties(unitOfWork, '5.00');
      await unitOfWork.run(async (tx) => {
        const locked = await tx.wallets.lockById(wallet.id);
        if (!locked) throw new Error('wallet vanished');
        await tx.wallets.update({
          ...locked,
          balance: Money.of('6.00'),
          ownerId: merchant.id,
          walletType: 'MERCHANT',
        });
      });
      const stored = await unitOfWork.read.wallets.findById(wallet.id);
      expect({ ...stored, balance: stored?.balance.toString() }).to.deep.equal({
        ...wallet,
        balance: '6.00',
      });
      const missing = { ...wallet, id: contractIds.next() };
      await rejectionOf(unitOfWork.run((tx) => tx.wallets.update(missing)));
      expect(await unitOfWork.read.wallets.findById(missing.id)).to.equal(null);
    });

    it('serialises lockers: twenty concurrent read-modify-write credits all land', async () => {
      const { unitOfWork, anotherProcess } = await factory();
      const { wallet, merchant } = await seedParties(unitOfWork);
      const credits = Array.from({ length: 20 }, () =>
        anotherProcess().run(async (tx) => {
          const locked = await tx.wallets.lockById(wallet.id);
          if (!locked) throw new Error('wallet vanished');
          // A read between the lock and the write widens the window a missing lock would lose updates in.
          await tx.merchants.findById(merchant.id);
          await tx.wallets.update(creditWallet(locked, Money.of('1.00')));
        }),
      );
      await Promise.all(credits);
      expect((await unitOfWork.read.wallets.findById(wallet.id))?.balance.toString()).to.equal('20.00');
    });
  });
}
