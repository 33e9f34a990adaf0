import { expect } from 'chai';
import { firstPage } from '../../ports/page.js';
import type { ProviderRecord } from '../../ports/provider-records.port.js';
import type { ReconciliationException } from '../../reconciliation/reconciliation-exception.js';
import { markSubmitted, type Withdrawal } from '../../withdrawal/withdrawal.js';
import { at, buildWithdrawal, seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds } from './contract-subject.js';

/** A provider name no other test uses: the Knex suite shares its database. */
const aProvider = () => `p${contractIds.next().slice(-8)}`;

const record = (
  provider: string,
  providerId: string,
  overrides: Partial<ProviderRecord> = {},
): ProviderRecord => ({
  provider,
  providerId,
  reference: null,
  amount: '10.00',
  currency: 'USD',
  state: 'PENDING',
  providerState: 'pending',
  createdAt: at(0),
  finalAt: null,
  fee: null,
  ...overrides,
});

const exception = (
  provider: string,
  subject: string,
  overrides: Partial<ReconciliationException> = {},
): ReconciliationException => ({
  id: contractIds.next(),
  provider,
  day: '2026-03-01',
  type: 'MISSING_AT_PROVIDER',
  subject,
  withdrawalId: null,
  providerId: null,
  since: at(0),
  openedAt: at(1000),
  evidence: { ours: { id: subject }, provider: null },
  resolution: null,
  ...overrides,
});

export function reconciliationStoreContract(factory: ContractFactory): void {
  describe('ReconciliationStore contract', () => {
    it('stores a record once per provider id: reading it again updates it, its day, first read and match kept', async () => {
      const { unitOfWork } = await factory();
      const provider = aProvider();
      const parties = await seedParties(unitOfWork);
      const withdrawal = { ...buildWithdrawal(parties), railProvider: provider };
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        await tx.reconciliation.saveRecords(
          '2026-03-01',
          [record(provider, 'tr_1'), record(provider, 'tr_2')],
          at(0),
        );
        await tx.reconciliation.matchRecord(provider, 'tr_1', withdrawal.id);
      });
      const paid = record(provider, 'tr_1', {
        state: 'PAID',
        providerState: 'complete',
        finalAt: at(5),
        fee: '0.15',
        amount: '10.000',
      });
      await unitOfWork.run((tx) => tx.reconciliation.saveRecords('2026-03-02', [paid, paid], at(9)));

      const stored = await unitOfWork.read.reconciliation.recordsOfDay(provider, '2026-03-01');
      expect(stored.map((r) => r.providerId)).to.deep.equal(['tr_1', 'tr_2']);
      expect(stored[0]).to.deep.include({
        day: '2026-03-01',
        state: 'PAID',
        providerState: 'complete',
        fee: '0.15',
        amount: '10.000',
        withdrawalId: withdrawal.id,
        firstReadAt: at(0),
        lastReadAt: at(9),
      });
      expect(stored[0]?.finalAt?.getTime()).to.equal(at(5).getTime());
      expect(await unitOfWork.read.reconciliation.recordsOfDay(provider, '2026-03-02')).to.deep.equal([]);
    });

    it('never moves a record back: a read behind the stored state notes the time alone, and a read lacking a reference or fee keeps them', async () => {
      const { unitOfWork } = await factory();
      const provider = aProvider();
      const paid = record(provider, 'tr_p', {
        reference: 'wd-1',
        state: 'PAID',
        providerState: 'T0001',
        finalAt: at(1),
        fee: '0.25',
      });
      const returned = record(provider, 'tr_p', {
        state: 'RETURNED',
        providerState: 'T1107',
        finalAt: at(7),
      });
      await unitOfWork.run((tx) => tx.reconciliation.saveRecords('2026-03-01', [paid], at(2)));
      await unitOfWork.run((tx) => tx.reconciliation.saveRecords('2026-03-03', [returned], at(8)));
      // The payment's day read again after the return's: PayPal lists the payment, PAID, once more.
      await unitOfWork.run((tx) => tx.reconciliation.saveRecords('2026-03-01', [paid], at(9)));
      // A page that holds both: the return counts, whichever comes first.
      const other = record(provider, 'tr_q', { state: 'RETURNED', providerState: 'T1107', finalAt: at(7) });
      await unitOfWork.run((tx) =>
        tx.reconciliation.saveRecords(
          '2026-03-01',
          [other, { ...other, state: 'PAID', providerState: 'T0001' }],
          at(9),
        ),
      );
      // A page that holds a new record's payment, then its return: the return keeps what only the payment said.
      const third = { ...paid, providerId: 'tr_r' };
      await unitOfWork.run((tx) =>
        tx.reconciliation.saveRecords('2026-03-01', [third, { ...returned, providerId: 'tr_r' }], at(9)),
      );

      const stored = await unitOfWork.read.reconciliation.recordsOfDay(provider, '2026-03-01');
      expect(stored.map((r) => r.providerId)).to.deep.equal(['tr_p', 'tr_q', 'tr_r']);
      expect(stored[0]).to.deep.include({
        state: 'RETURNED',
        providerState: 'T1107',
        reference: 'wd-1',
        fee: '0.25',
        lastReadAt: at(9),
      });
      expect(stored[0]?.finalAt?.getTime()).to.equal(at(7).getTime());
      expect(stored[1]).to.deep.include({ state: 'RETURNED', providerState: 'T1107' });
      expect(stored[2]).to.deep.include({
        state: 'RETURNED',
        reference: 'wd-1',
        fee: '0.25',
        firstReadAt: at(9),
      });
    });

    it("finds the provider's withdrawals by id or rail reference, and those accepted on a day that no record names", async () => {
      const { unitOfWork } = await factory();
      const provider = aProvider();
      const parties = await seedParties(unitOfWork);
      const submitted = (reference: string, when: Date, by = provider): Withdrawal => ({
        ...markSubmitted(buildWithdrawal(parties), reference, when),
        railProvider: by,
      });
      const first = submitted(`ref-${contractIds.next()}`, at(1000));
      const second = submitted(`ref-${contractIds.next()}`, at(2000));
      const nextDay = submitted(`ref-${contractIds.next()}`, at(86_400_000));
      const elsewhere = submitted(`ref-${contractIds.next()}`, at(1000), aProvider());
      await unitOfWork.run(async (tx) => {
        for (const w of [first, second, nextDay, elsewhere]) await tx.withdrawals.insert(w);
      });
      const read = unitOfWork.read.reconciliation;
      const found = await read.withdrawalIdsByReference(provider, [
        first.id.toUpperCase(),
        second.railReference as string,
        elsewhere.id,
        'nothing',
      ]);
      expect([...found.entries()]).to.have.deep.members([
        [first.id.toUpperCase(), first.id],
        [second.railReference, second.id],
      ]);
      expect(await read.withdrawalIdsWithoutRecord(provider, at(0), at(86_400_000))).to.deep.equal([
        first.id,
        second.id,
      ]);
      await unitOfWork.run(async (tx) => {
        await tx.reconciliation.saveRecords('2026-03-01', [record(provider, 'tr_9')], at(0));
        await tx.reconciliation.matchRecord(provider, 'tr_9', second.id);
      });
      expect(await read.withdrawalIdsWithoutRecord(provider, at(0), at(86_400_000))).to.deep.equal([
        first.id,
      ]);
    });

    it('opens one exception per provider, type and subject, and a resolved one is never opened again', async () => {
      const { unitOfWork } = await factory();
      const provider = aProvider();
      const opened = exception(provider, 'w-1');
      expect(await unitOfWork.run((tx) => tx.reconciliation.openException(opened))).to.equal(true);
      expect(
        await unitOfWork.run((tx) => tx.reconciliation.openException(exception(provider, 'w-1'))),
      ).to.equal(false);
      const other = exception(provider, 'w-1', { type: 'STATUS_MISMATCH' });
      expect(await unitOfWork.run((tx) => tx.reconciliation.openException(other))).to.equal(true);
      const resolution = { action: 'ACKNOWLEDGE' as const, reason: 'checked', by: 'ops-1', at: at(5000) };
      await unitOfWork.run(async (tx) => {
        const locked = await tx.reconciliation.lockException(opened.id);
        await tx.reconciliation.resolveException({ ...(locked as ReconciliationException), resolution });
      });
      expect(
        await unitOfWork.run((tx) => tx.reconciliation.openException(exception(provider, 'w-1'))),
      ).to.equal(false);
      expect(await unitOfWork.read.reconciliation.findException(opened.id)).to.deep.equal({
        ...opened,
        resolution,
      });
      expect(await unitOfWork.read.reconciliation.findException(contractIds.next())).to.equal(null);
    });

    it('lists exceptions by state, type, provider and age, a page at a time, and counts the open ones', async () => {
      const { unitOfWork } = await factory();
      const provider = aProvider();
      const rows = [
        exception(provider, 'a', { openedAt: at(1), since: at(-86_400_000) }),
        exception(provider, 'b', { openedAt: at(2), type: 'LATE_RETURN' }),
        exception(provider, 'c', { openedAt: at(3) }),
      ];
      await unitOfWork.run(async (tx) => {
        for (const row of rows) await tx.reconciliation.openException(row);
        await tx.reconciliation.resolveException({
          ...(rows[2] as ReconciliationException),
          resolution: { action: 'ACKNOWLEDGE', reason: 'fine', by: 'ops-1', at: at(9) },
        });
      });
      const list = unitOfWork.read.reconciliation;
      const ids = async (filter: Parameters<typeof list.listExceptions>[0], page = firstPage('asc', 100)) =>
        (await list.listExceptions({ provider, ...filter }, page)).items.map((e) => e.subject);
      expect(await ids({})).to.deep.equal(['a', 'b', 'c']);
      expect(await ids({ state: 'open' })).to.deep.equal(['a', 'b']);
      expect(await ids({ state: 'resolved' })).to.deep.equal(['c']);
      expect(await ids({ type: 'LATE_RETURN' })).to.deep.equal(['b']);
      expect(await ids({ olderThan: at(-3_600_000) })).to.deep.equal(['a']);
      const newest = await list.listExceptions({ provider }, firstPage('desc', 2));
      expect(newest.items.map((e) => e.subject)).to.deep.equal(['c', 'b']);
      expect(await ids({}, { limit: 2, order: 'desc', after: newest.next })).to.deep.equal(['a']);
      const counts = (await list.countOpenExceptions()).filter((c) => c.provider === provider);
      expect(counts).to.deep.equal([
        { provider, type: 'LATE_RETURN', count: 1 },
        { provider, type: 'MISSING_AT_PROVIDER', count: 1 },
      ]);
    });

    it('records runs and lists them newest first, by provider and day', async () => {
      const { unitOfWork } = await factory();
      const provider = aProvider();
      const counts = {
        MISSING_AT_PROVIDER: 1,
        UNKNOWN_AT_PROVIDER: 0,
        AMOUNT_MISMATCH: 0,
        STATUS_MISMATCH: 0,
        LATE_RETURN: 0,
        DUPLICATE_AT_PROVIDER: 0,
      };
      const run = (day: string, finished: number) => ({
        id: contractIds.next(),
        provider,
        day,
        startedAt: at(finished - 10),
        finishedAt: at(finished),
        records: 3,
        matched: 2,
        pending: 0,
        exceptions: counts,
        opened: 1,
      });
      const runs = [run('2026-03-01', 100), run('2026-03-02', 200), run('2026-03-01', 300)];
      await unitOfWork.run(async (tx) => {
        for (const r of runs) await tx.reconciliation.recordRun(r);
      });
      const listed = await unitOfWork.read.reconciliation.listRuns({ provider }, firstPage());
      expect(listed.items.map((r) => r.id)).to.deep.equal([runs[2]?.id, runs[1]?.id, runs[0]?.id]);
      expect(listed.items[0]).to.deep.equal(runs[2]);
      const ofDay = await unitOfWork.read.reconciliation.listRuns(
        { provider, day: '2026-03-01' },
        firstPage(),
      );
      expect(ofDay.items.map((r) => r.id)).to.deep.equal([runs[2]?.id, runs[0]?.id]);
    });
  });
}
