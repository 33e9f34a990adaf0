import { expect } from 'chai';
import { markUnusable, reinstate } from '../../linked-account/linked-account.js';
import { firstPage } from '../../ports/page.js';
import type { WebhookEvent } from '../../webhooks/webhook-event.js';
import { at, seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds, rejectionOf } from './contract-subject.js';

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

    it('stores what changes after linking: a corrected destination, unusable, corrected time, event count', async () => {
      const { unitOfWork } = await factory();
      const { account } = await seedParties(unitOfWork);
      const changed = markUnusable(
        {
          ...account,
          destination: { ...account.destination, accountNumber: '99887766', accountType: 'savings' },
          lastFourDigits: '7766',
          correctedAt: at(3),
          eventSequence: 1,
        },
        { code: 'R03', withdrawalId: contractIds.next() },
        at(4),
      );
      await unitOfWork.run(async (tx) => {
        expect(await tx.linkedAccounts.lockById(account.id)).to.deep.equal(account);
        await tx.linkedAccounts.update(changed);
      });
      const read = unitOfWork.read.linkedAccounts;
      expect(await read.findById(account.id)).to.deep.equal(changed);
      expect(await unitOfWork.run((tx) => tx.linkedAccounts.lockForPayout(account.id))).to.deep.equal(
        changed,
      );
      const { destination: _secret, ...summary } = changed;
      const listed = await unitOfWork.read.lists.unusableLinkedAccounts(firstPage('desc', 100));
      expect(listed.items.find((a) => a.id === account.id)).to.deep.equal(summary);
      const usable = reinstate(changed);
      await unitOfWork.run((tx) => tx.linkedAccounts.update(usable));
      expect(await read.findById(account.id)).to.deep.equal(usable);
      const after = await unitOfWork.read.lists.unusableLinkedAccounts(firstPage('desc', 100));
      expect(after.items.map((a) => a.id)).to.not.include(account.id);
      expect(await unitOfWork.run((tx) => tx.linkedAccounts.lockForPayout(contractIds.next()))).to.equal(
        null,
      );
    });

    it("stores an account's events beside withdrawals' events, one per account change", async () => {
      const { unitOfWork } = await factory();
      const { account, merchant } = await seedParties(unitOfWork);
      const event = (sequence: number): WebhookEvent => ({
        id: contractIds.next(),
        merchantId: merchant.id,
        withdrawalId: null,
        linkedAccountId: account.id,
        sequence,
        status: 'UNUSABLE',
        body: '{"eventType":"LINKED_ACCOUNT"}',
        createdAt: at(sequence),
        // Delivered: nothing of this test is due for the suites that share its database.
        deliveryState: 'DELIVERED',
        attempts: 1,
        nextAttemptAt: null,
        deliveredAt: at(sequence),
      });
      const first = event(1);
      await unitOfWork.run((tx) => tx.webhookEvents.insert(first));
      expect(await unitOfWork.read.webhookEvents.findById(first.id)).to.deep.equal(first);
      await rejectionOf(unitOfWork.run((tx) => tx.webhookEvents.insert({ ...event(1) })));
      const listed = await unitOfWork.read.lists.webhookEvents({ merchantId: merchant.id }, firstPage());
      expect(listed.items.map((e) => e.id)).to.deep.equal([first.id]);
    });
  });
}
