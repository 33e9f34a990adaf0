import { expect } from 'chai';
import {
  walletCreditEntry,
  withdrawalDebitEntry,
  withdrawalReversalEntry,
} from '../../ledger/ledger-entry.js';
import { Money } from '../../money/money.js';
import type { ListReads } from '../../ports/list-reads.port.js';
import type { Page, PageRequest } from '../../ports/page.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import type { Withdrawal } from '../../withdrawal/withdrawal.js';
import { byCreation } from '../page-of.js';
import {
  at,
  buildParties,
  buildWebhookEvent,
  buildWithdrawal,
  type Parties,
  seedParties,
} from './contract-fixtures.js';
import { type ContractFactory, contractIds } from './contract-subject.js';

/** Every page of a list from the first, following `next`; fails on a page longer than the limit. */
async function walk<T extends { readonly id: string }>(
  read: (page: PageRequest) => Promise<Page<T>>,
  order: PageRequest['order'],
  limit: number,
): Promise<T[][]> {
  const pages: T[][] = [];
  let after: string | null = null;
  do {
    const page: Page<T> = await read({ limit, order, after });
    expect(page.items.length).to.be.at.most(limit);
    pages.push([...page.items]);
    after = page.next;
  } while (after !== null && pages.length < 10);
  return pages;
}

/** A second entity of the same merchant, with its wallet, token and linked account. */
async function secondEntity(unitOfWork: UnitOfWork, parties: Parties): Promise<Parties> {
  const other = buildParties();
  const merchantId = parties.merchant.id;
  const entity = { ...other.entity, merchantId };
  const wallet = { ...other.wallet, merchantId };
  const token = { ...other.token, merchantId };
  const account = { ...other.account, merchantId, createdAt: at(5) };
  await unitOfWork.run(async (tx) => {
    await tx.wallets.insert(wallet);
    await tx.entities.insert(entity);
    await tx.applicationTokens.insert(token);
    await tx.linkedAccounts.insert(account);
  });
  return { ...parties, entity, wallet, token, account };
}

const insertAll = (unitOfWork: UnitOfWork, withdrawals: readonly Withdrawal[]) =>
  unitOfWork.run(async (tx) => {
    for (const withdrawal of withdrawals) await tx.withdrawals.insert(withdrawal);
  });

const idsOf = (items: readonly { readonly id: string }[]) => items.map((item) => item.id);

export function listReadsContract(factory: ContractFactory): void {
  describe('ListReads contract', () => {
    it('walks 45 withdrawals 20 at a time: 3 pages, every one once, newest first (ties by id), asc reversed', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      // Three withdrawals share each creation time: the id breaks the tie.
      const withdrawals = Array.from({ length: 45 }, (_, i) =>
        buildWithdrawal(parties, '1.00', 'PENDING', at(Math.floor(i / 3) * 1000)),
      );
      await insertAll(unitOfWork, withdrawals);
      const expected = idsOf([...withdrawals].sort(byCreation).reverse());
      const lists = unitOfWork.read.lists;
      const read = (page: PageRequest) => lists.withdrawals({ merchantId: parties.merchant.id }, page);
      const pages = await walk(read, 'desc', 20);
      expect(pages.map((p) => p.length)).to.deep.equal([20, 20, 5]);
      expect(pages.flat().map((w) => w.id)).to.deep.equal(expected);
      expect(pages[0]?.[0]).to.deep.equal(withdrawals.find((w) => w.id === expected[0]));
      const ascending = await walk(read, 'asc', 20);
      expect(ascending.flat().map((w) => w.id)).to.deep.equal([...expected].reverse());
      const exact = await read({ limit: 45, order: 'desc', after: null });
      expect([exact.items.length, exact.next]).to.deep.equal([45, null]);
    });

    it('filters withdrawals by entity, status, rail and creation time, and never shows another merchant’s', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const second = await secondEntity(unitOfWork, parties);
      const stranger = await seedParties(unitOfWork);
      const first = buildWithdrawal(parties, '1.00', 'PENDING', at(1000));
      const awaiting = buildWithdrawal(parties, '2.00', 'AWAITING_APPROVAL', at(2000));
      const wire = { ...buildWithdrawal(second, '3.00', 'PENDING', at(3000)), rail: 'WIRE' as const };
      const theirs = buildWithdrawal(stranger, '4.00', 'PENDING', at(2500));
      await insertAll(unitOfWork, [first, awaiting, wire, theirs]);
      const lists = unitOfWork.read.lists;
      const all = { limit: 100, order: 'desc' as const, after: null };
      const ids = async (filter: Parameters<ListReads['withdrawals']>[0], page: PageRequest = all) =>
        idsOf((await lists.withdrawals(filter, page)).items);
      const merchantId = parties.merchant.id;
      expect(await ids({ merchantId })).to.deep.equal([wire.id, awaiting.id, first.id]);
      expect(await ids({ merchantId, entityId: parties.entity.id })).to.deep.equal([awaiting.id, first.id]);
      expect(await ids({ merchantId, status: 'AWAITING_APPROVAL' })).to.deep.equal([awaiting.id]);
      expect(await ids({ merchantId, rail: 'WIRE' })).to.deep.equal([wire.id]);
      expect(await ids({ merchantId, createdFrom: at(2000), createdTo: at(3000) })).to.deep.equal([
        awaiting.id,
      ]);
      expect(await ids({ merchantId, entityId: stranger.entity.id })).to.deep.equal([]);
      expect(await ids({ merchantId: contractIds.next() })).to.deep.equal([]);
      expect(await ids({ merchantId: 'not-a-uuid' })).to.deep.equal([]);
      expect(
        await ids({ merchantId }, { ...all, after: theirs.id }),
        'their row marks no place',
      ).to.deep.equal([]);
      expect(await ids({ merchantId }, { ...all, after: 'nope' })).to.deep.equal([]);
      // The approvals queue: the row approved since the last page still marks where the next one starts.
      const queue = { merchantId, status: 'AWAITING_APPROVAL' as const };
      expect(await ids(queue, { ...all, order: 'asc', after: first.id })).to.deep.equal([awaiting.id]);
      expect(await ids({}, { ...all, order: 'asc', after: first.id })).to.include.members([
        awaiting.id,
        wire.id,
      ]);
    });

    it('pages a wallet’s postings with the exact balance after each, in posting order', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties, '0.10');
      const credit = walletCreditEntry(
        contractIds.next(),
        parties.wallet.id,
        Money.of('0.30'),
        'top up',
        at(9),
      );
      const debit = withdrawalDebitEntry(contractIds.next(), withdrawal, at(1));
      const reversal = withdrawalReversalEntry(contractIds.next(), withdrawal, at(2));
      const again = walletCreditEntry(contractIds.next(), parties.wallet.id, Money.of('0.01'), 'more', at(0));
      await unitOfWork.run(async (tx) => {
        await tx.ledger.append(credit);
        await tx.withdrawals.insert(withdrawal);
        await tx.ledger.append(debit);
      });
      await unitOfWork.run(async (tx) => {
        await tx.ledger.append(reversal);
        await tx.ledger.append(again);
      });
      const read = (page: PageRequest) => unitOfWork.read.lists.walletPostings(parties.wallet.id, page);
      const pages = await walk(read, 'desc', 3);
      const rows = pages
        .flat()
        .map((p) => [p.id, p.kind, p.withdrawalId, p.amount.toString(), p.balanceAfter.toString()]);
      expect(pages.map((p) => p.length)).to.deep.equal([3, 1]);
      expect(rows).to.deep.equal([
        [again.id, 'WALLET_CREDIT', null, '0.01', '0.31'],
        [reversal.id, 'WITHDRAWAL_REVERSAL', withdrawal.id, '0.35', '0.30'],
        [debit.id, 'WITHDRAWAL_DEBIT', withdrawal.id, '-0.35', '-0.05'],
        [credit.id, 'WALLET_CREDIT', null, '0.30', '0.30'],
      ]);
      expect(pages[0]?.[0]?.createdAt).to.deep.equal(at(0));
      const asc = await walk(read, 'asc', 3);
      expect(asc.flat().map((p) => p.id)).to.deep.equal([credit.id, debit.id, reversal.id, again.id]);
      const other = await seedParties(unitOfWork);
      expect(
        (
          await unitOfWork.read.lists.walletPostings(other.wallet.id, {
            limit: 5,
            order: 'desc',
            after: credit.id,
          })
        ).items,
      ).to.deep.equal([]);
    });

    it('lists merchants, a merchant’s entities and an entity’s linked accounts without their destination', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const second = await secondEntity(unitOfWork, parties);
      const lists = unitOfWork.read.lists;
      const first = { limit: 10, order: 'desc' as const, after: null };
      const entities = await lists.entities(parties.merchant.id, first);
      expect(idsOf(entities.items)).to.have.members([parties.entity.id, second.entity.id]);
      expect(entities.items.find((e) => e.id === second.entity.id)).to.deep.equal(second.entity);
      const accounts = await lists.linkedAccounts(parties.entity.id, first);
      const { destination: _secret, ...summary } = parties.account;
      expect(accounts.items).to.deep.equal([summary]);
      expect(accounts.items[0]).not.to.have.property('destination');
      expect((await lists.entities(contractIds.next(), first)).items).to.deep.equal([]);
      expect((await lists.linkedAccounts('x', first)).items).to.deep.equal([]);
      // Merchants created far after every other test's, so that they are the newest in a shared database.
      const late = [1, 2, 3].map((n) => ({ ...buildParties(), n }));
      await unitOfWork.run(async (tx) => {
        for (const { merchant, merchantWallet, n } of late) {
          await tx.merchants.save({ ...merchant, createdAt: new Date(Date.UTC(2999, 0, n)) });
          await tx.wallets.insert(merchantWallet);
        }
      });
      const newest = await lists.merchants({ limit: 2, order: 'desc', after: null });
      expect(idsOf(newest.items)).to.deep.equal([late[2]?.merchant.id, late[1]?.merchant.id]);
      const next = await lists.merchants({ limit: 1, order: 'desc', after: newest.next });
      expect(idsOf(next.items)).to.deep.equal([late[0]?.merchant.id]);
    });

    it('lists a merchant’s webhook events oldest first with their bodies as stored, by transaction and state', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const stranger = await seedParties(unitOfWork);
      const [one, two] = [buildWithdrawal(parties, '1.00'), buildWithdrawal(parties, '2.00')];
      const theirs = buildWithdrawal(stranger);
      await insertAll(unitOfWork, [one!, two!, theirs]);
      const events = [
        buildWebhookEvent(parties, one!.id, 1),
        buildWebhookEvent(parties, two!.id, 2),
        {
          ...buildWebhookEvent(parties, one!.id, 3),
          deliveryState: 'DELIVERED' as const,
          nextAttemptAt: null,
        },
      ];
      const spaced = { ...events[0]!, body: `{ "spaced" :  ${events[0]!.body} }` };
      await unitOfWork.run(async (tx) => {
        for (const event of [spaced, events[1]!, events[2]!, buildWebhookEvent(stranger, theirs.id, 1)])
          await tx.webhookEvents.insert(event);
      });
      const lists = unitOfWork.read.lists;
      const asc = { limit: 2, order: 'asc' as const, after: null };
      const merchantId = parties.merchant.id;
      const pages = await walk((page) => lists.webhookEvents({ merchantId }, page), 'asc', 2);
      expect(pages.flat().map((e) => e.id)).to.deep.equal(idsOf(events));
      expect(pages[0]?.[0]?.body).to.equal(spaced.body);
      const byTransaction = await lists.webhookEvents({ merchantId, withdrawalId: one!.id }, asc);
      expect(idsOf(byTransaction.items)).to.deep.equal([events[0]!.id, events[2]!.id]);
      const delivered = await lists.webhookEvents({ merchantId, deliveryState: 'DELIVERED' }, asc);
      expect(delivered.items.map((e) => [e.id, e.deliveryState])).to.deep.equal([
        [events[2]!.id, 'DELIVERED'],
      ]);
      const foreign = await lists.webhookEvents(
        { merchantId: stranger.merchant.id, withdrawalId: one!.id },
        asc,
      );
      expect(foreign.items).to.deep.equal([]);
    });
  });
}
