import { expect } from 'chai';
import { UNRESOLVED_SUBMIT_ATTEMPTS } from '../../use-cases/withdrawals/withdrawal-settings.js';
import type { Withdrawal } from '../../withdrawal/withdrawal.js';
import { buildWebhookEvent, buildWithdrawal, seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds } from './contract-subject.js';
import { creditedAndDebited } from './credited-and-debited.fixture.js';

const FIRST = { limit: 100, order: 'asc' as const, after: null };

/** The operator's views of ListReads: webhook events of every merchant, and one withdrawal's postings. */
export function listReadsFiltersContract(factory: ContractFactory): void {
  describe('ListReads contract: operator filters', () => {
    it('lists every merchant’s webhook events without a merchant, and one merchant’s with it', async () => {
      const { unitOfWork } = await factory();
      const [ours, theirs] = [await seedParties(unitOfWork), await seedParties(unitOfWork)];
      const [mine, other] = [buildWithdrawal(ours), buildWithdrawal(theirs)];
      const events = [buildWebhookEvent(ours, mine.id, 1), buildWebhookEvent(theirs, other.id, 1)];
      const failed = { ...buildWebhookEvent(theirs, other.id, 2), deliveryState: 'FAILED' as const };
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(mine);
        await tx.withdrawals.insert(other);
        for (const event of [...events, failed]) await tx.webhookEvents.insert(event);
      });
      const lists = unitOfWork.read.lists;
      const ids = async (filter: Parameters<typeof lists.webhookEvents>[0]) =>
        (await lists.webhookEvents(filter, FIRST)).items.map((e) => e.id);
      // Without a merchant, any merchant's (the database may hold other tests' events: filtered by withdrawal).
      expect(await ids({ withdrawalId: mine.id })).to.deep.equal([events[0]!.id]);
      expect(await ids({ merchantId: ours.merchant.id })).to.deep.equal([events[0]!.id]);
      expect(await ids({ deliveryState: 'FAILED', withdrawalId: other.id })).to.deep.equal([failed.id]);
      expect(await ids({ merchantId: ours.merchant.id, withdrawalId: other.id })).to.deep.equal([]);
      const page = await lists.webhookEvents({ withdrawalId: other.id }, { ...FIRST, limit: 1 });
      const next = await lists.webhookEvents({ withdrawalId: other.id }, { ...FIRST, after: page.next });
      expect([...page.items, ...next.items].map((e) => e.id)).to.deep.equal([events[1]!.id, failed.id]);
    });

    it('lists as unresolved only debited withdrawals no rail accepted after the unresolved number of attempts', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const awaiting = (attempts: number, changes: Partial<Withdrawal> = {}): Withdrawal => ({
        ...buildWithdrawal(parties),
        debited: true,
        submitAttempts: attempts,
        ...changes,
      });
      const unresolved = [awaiting(UNRESOLVED_SUBMIT_ATTEMPTS), awaiting(UNRESOLVED_SUBMIT_ATTEMPTS + 5)];
      const others = [
        awaiting(UNRESOLVED_SUBMIT_ATTEMPTS - 1),
        awaiting(UNRESOLVED_SUBMIT_ATTEMPTS, { railReference: 'ach_taken' }),
        awaiting(UNRESOLVED_SUBMIT_ATTEMPTS, { debited: false }),
      ];
      await unitOfWork.run(async (tx) => {
        for (const withdrawal of [...unresolved, ...others]) await tx.withdrawals.insert(withdrawal);
      });
      const page = await unitOfWork.read.lists.withdrawals(
        { merchantId: parties.merchant.id, unresolved: true },
        FIRST,
      );
      expect(page.items.map((w) => w.id)).to.deep.equal(unresolved.map((w) => w.id));
    });

    it('reads one withdrawal’s postings of a wallet with balances over every earlier posting', async () => {
      const { unitOfWork } = await factory();
      const { parties, withdrawal, debit } = await creditedAndDebited(unitOfWork, 1);
      const lists = unitOfWork.read.lists;
      const postings = await lists.walletPostings(parties.wallet.id, FIRST, withdrawal.id);
      expect(postings.items.map((p) => [p.id, p.amount.toString(), p.balanceAfter.toString()])).to.deep.equal(
        [[debit.id, '-0.35', '-0.05']],
      );
      expect((await lists.walletPostings(parties.wallet.id, FIRST, contractIds.next())).items).to.deep.equal(
        [],
      );
      expect((await lists.walletPostings(parties.wallet.id, FIRST, 'x')).items).to.deep.equal([]);
    });
  });
}
