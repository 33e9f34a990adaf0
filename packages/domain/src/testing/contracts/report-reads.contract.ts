import { expect } from 'chai';
import type { ProviderRecord } from '../../ports/provider-records.port.js';
import type { ReconciliationException } from '../../reconciliation/reconciliation-exception.js';
import { markSubmitted, type Withdrawal } from '../../withdrawal/withdrawal.js';
import { at, buildWithdrawal, seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds } from './contract-subject.js';

const DAY_MS = 86_400_000;
/** A provider name no other test uses: the Knex suite shares its database. */
const aProvider = () => `r${contractIds.next().slice(-8)}`;

const record = (provider: string, providerId: string, overrides: Partial<ProviderRecord> = {}) => ({
  provider,
  providerId,
  reference: null,
  amount: '10.00',
  currency: 'USD',
  state: 'PAID' as const,
  providerState: 'paid',
  createdAt: at(0),
  finalAt: at(1),
  fee: null,
  ...overrides,
});

const exception = (
  provider: string,
  type: ReconciliationException['type'],
  subject: string,
  overrides: Partial<ReconciliationException> = {},
): ReconciliationException => ({
  id: contractIds.next(),
  provider,
  day: '2026-03-01',
  type,
  subject,
  withdrawalId: null,
  providerId: null,
  since: at(0),
  openedAt: at(1000),
  evidence: { ours: null, provider: null },
  resolution: null,
  ...overrides,
});

export function reportReadsContract(factory: ContractFactory): void {
  describe('ReportReads contract', () => {
    it("reads a merchant's withdrawals created in a range, oldest first, a batch after another", async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const made = (offsetMs: number, changes: Partial<Withdrawal> = {}): Withdrawal => ({
        ...buildWithdrawal(parties, '12.30', 'PENDING', at(offsetMs)),
        ...changes,
      });
      const inRange = [
        {
          ...markSubmitted(made(10), 'ach_ref_1', at(20)),
          railProvider: 'simulated',
          status: 'SUCCESS' as const,
        },
        made(10),
        made(30, { reason: '=HYPERLINK("x")' }),
      ];
      const outside = [made(-1), made(DAY_MS)];
      await unitOfWork.run(async (tx) => {
        for (const w of [...outside, ...inRange]) await tx.withdrawals.insert(w);
      });
      const reports = unitOfWork.read.reports;
      const filter = { from: at(0), to: at(DAY_MS), merchantId: parties.merchant.id };
      const expected = [...inRange].sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1),
      );

      const first = await reports.withdrawals(filter, null, 2);
      const rest = await reports.withdrawals(filter, first.at(-1)?.id ?? null, 2);

      expect([...first, ...rest].map((w) => w.id)).to.deep.equal(expected.map((w) => w.id));
      expect(await reports.withdrawals(filter, rest.at(-1)?.id ?? null, 2)).to.deep.equal([]);
      const submitted = [...first, ...rest].find((w) => w.railReference === 'ach_ref_1');
      expect(submitted).to.deep.include({
        merchantId: parties.merchant.id,
        entityId: parties.entity.id,
        walletId: parties.wallet.id,
        linkedAccountId: parties.account.id,
        rail: 'ACH',
        railProvider: 'simulated',
        status: 'SUCCESS',
        currency: 'USD',
      });
      expect(submitted?.amount.toString()).to.equal('12.30');
      expect(submitted?.submittedAt?.getTime()).to.equal(at(20).getTime());
      expect(submitted?.createdAt.getTime()).to.equal(at(10).getTime());
      expect([...first, ...rest].find((w) => w.id === inRange[2]?.id)?.reason).to.equal('=HYPERLINK("x")');
      const other = await seedParties(unitOfWork);
      expect(await reports.withdrawals({ ...filter, merchantId: other.merchant.id }, null, 10)).to.deep.equal(
        [],
      );
    });

    it('reads every merchant’s withdrawals of a range when no merchant is named', async () => {
      const { unitOfWork } = await factory();
      // A range no other suite writes in: the Knex suite shares its database.
      const from = new Date('2031-05-05T00:00:00.000Z');
      const rows: Withdrawal[] = [];
      for (const offset of [1, 2]) {
        const parties = await seedParties(unitOfWork);
        rows.push({ ...buildWithdrawal(parties), createdAt: new Date(from.getTime() + offset) });
      }
      await unitOfWork.run(async (tx) => {
        for (const w of rows) await tx.withdrawals.insert(w);
      });
      const read = await unitOfWork.read.reports.withdrawals(
        { from, to: new Date(from.getTime() + DAY_MS) },
        null,
        10,
      );
      expect(read.map((w) => w.id)).to.deep.equal(rows.map((w) => w.id));
    });

    it("reads a provider-day's records with their withdrawals and exceptions, and the payouts it lacks", async () => {
      const { unitOfWork } = await factory();
      const provider = aProvider();
      const parties = await seedParties(unitOfWork);
      const paid = { ...buildWithdrawal(parties), status: 'SUCCESS' as const };
      const missing = buildWithdrawal(parties);
      const mismatch = exception(provider, 'AMOUNT_MISMATCH', paid.id, { withdrawalId: paid.id });
      const unknown = exception(provider, 'UNKNOWN_AT_PROVIDER', 'tr_c', {
        openedAt: at(2000),
        resolution: { action: 'ACKNOWLEDGE', reason: 'theirs', by: 'ops', at: at(3000) },
      });
      const lacking = exception(provider, 'MISSING_AT_PROVIDER', missing.id, { withdrawalId: missing.id });
      const run = {
        id: contractIds.next(),
        provider,
        day: '2026-03-01',
        startedAt: at(10),
        finishedAt: at(20),
        records: 3,
        matched: 0,
        pending: 0,
        opened: 3,
        exceptions: {
          MISSING_AT_PROVIDER: 1,
          UNKNOWN_AT_PROVIDER: 1,
          AMOUNT_MISMATCH: 1,
          STATUS_MISMATCH: 0,
          LATE_RETURN: 0,
          DUPLICATE_AT_PROVIDER: 0,
        },
      };
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(paid);
        await tx.withdrawals.insert(missing);
        await tx.reconciliation.saveRecords(
          '2026-03-01',
          [
            record(provider, 'tr_a', { amount: '11.00' }),
            record(provider, 'tr_b', { state: 'PENDING' }),
            record(provider, 'tr_c'),
          ],
          at(5),
        );
        await tx.reconciliation.saveRecords('2026-03-02', [record(provider, 'tr_d')], at(5));
        await tx.reconciliation.matchRecord(provider, 'tr_a', paid.id);
        for (const e of [mismatch, unknown, lacking])
          await tx.reconciliation.openException({ ...e, resolution: null });
        await tx.reconciliation.resolveException(unknown);
        await tx.reconciliation.recordRun(run);
      });
      const reports = unitOfWork.read.reports;

      expect(await reports.findRun(run.id)).to.deep.equal(run);
      expect(await reports.findRun(contractIds.next())).to.equal(null);
      expect(await reports.findRun('not-a-run')).to.equal(null);
      const first = await reports.recordLines(provider, '2026-03-01', null, 2);
      const rest = await reports.recordLines(
        provider,
        '2026-03-01',
        first.at(-1)?.record?.providerId ?? null,
        2,
      );
      const lines = [...first, ...rest];
      expect(lines.map((l) => l.record?.providerId)).to.deep.equal(['tr_a', 'tr_b', 'tr_c']);
      expect(lines[0]?.record).to.deep.include({ amount: '11.00', withdrawalId: paid.id, day: '2026-03-01' });
      expect(lines[0]?.withdrawal?.id).to.equal(paid.id);
      expect(lines[0]?.withdrawal?.status).to.equal('SUCCESS');
      expect(lines[0]?.withdrawal?.amount.toString()).to.equal(paid.amount.toString());
      expect(lines.map((l) => l.exceptions)).to.deep.equal([
        [{ id: mismatch.id, type: 'AMOUNT_MISMATCH', resolution: null }],
        [],
        [{ id: unknown.id, type: 'UNKNOWN_AT_PROVIDER', resolution: 'ACKNOWLEDGE' }],
      ]);
      expect(lines[1]?.withdrawal).to.equal(null);
      expect(await reports.recordLines(provider, '2026-03-01', 'tr_c', 2)).to.deep.equal([]);

      const absent = await reports.missingLines(provider, '2026-03-01', null, 10);
      expect(absent).to.have.length(1);
      expect(absent[0]?.record).to.equal(null);
      expect(absent[0]?.withdrawal?.id).to.equal(missing.id);
      expect(absent[0]?.exceptions).to.deep.equal([
        { id: lacking.id, type: 'MISSING_AT_PROVIDER', resolution: null },
      ]);
      expect(await reports.missingLines(provider, '2026-03-01', lacking.id, 10)).to.deep.equal([]);
      expect(await reports.missingLines(provider, '2026-03-02', null, 10)).to.deep.equal([]);
    });
  });
}
