import { expect } from 'chai';
import type { ReportReads } from '../../ports/report-reads.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { at, buildWithdrawal, seedParties } from '../../testing/contracts/contract-fixtures.js';
import { InMemoryUnitOfWork } from '../../testing/in-memory-unit-of-work.js';
import { OperatorReports } from './operator-reports.use-case.js';

const OPERATOR = { subject: 'ops', merchantId: null, entityId: null, scopes: new Set(['operator']) };
const DAY = '2026-03-01';

/** The unit of work with its report reads counted: how many rows have been read so far. */
function counted(uow: InMemoryUnitOfWork): { unitOfWork: UnitOfWork; read: () => number } {
  let rows = 0;
  const reports = uow.read.reports;
  const count = <T>(batch: readonly T[]) => {
    rows += batch.length;
    return batch;
  };
  const countedReports: ReportReads = {
    withdrawals: async (...args) => count(await reports.withdrawals(...args)),
    findRun: (id) => reports.findRun(id),
    recordLines: async (...args) => count(await reports.recordLines(...args)),
    missingLines: async (...args) => count(await reports.missingLines(...args)),
  };
  const unitOfWork: UnitOfWork = {
    run: (work) => uow.run(work),
    read: uow.read,
    readBack: (read) => uow.readBack(read),
    readFor: async () => ({ ...uow.read, reports: countedReports }),
  };
  return { unitOfWork, read: () => rows };
}

async function withWithdrawals(count: number) {
  const uow = new InMemoryUnitOfWork();
  const parties = await seedParties(uow);
  const made = Array.from({ length: count }, (_, i) =>
    buildWithdrawal(parties, '10.00', 'PENDING', at(i * 1000)),
  );
  await uow.run(async (tx) => {
    for (const w of made) await tx.withdrawals.insert(w);
  });
  return { uow, parties, made };
}

describe('OperatorReports', () => {
  it('reads the withdrawals of the days asked a batch at a time, never ahead of the consumer', async () => {
    const { uow, parties, made } = await withWithdrawals(7);
    const { unitOfWork, read } = counted(uow);
    const reports = new OperatorReports({ unitOfWork, batchSize: 3 });

    const result = await reports.withdrawals(OPERATOR, {
      from: DAY,
      to: DAY,
      merchantId: parties.merchant.id,
    });

    if (!result.ok) throw new Error(result.error.message);
    expect(read(), 'nothing read before the first batch is asked for').to.equal(0);
    const sizes: number[] = [];
    const ids: string[] = [];
    for await (const batch of result.value.batches) {
      expect(read(), 'rows read: those consumed and this batch').to.equal(ids.length + batch.length);
      sizes.push(batch.length);
      ids.push(...batch.map((w) => w.id));
    }
    expect(sizes).to.deep.equal([3, 3, 1]);
    expect(ids).to.deep.equal(made.map((w) => w.id));
    expect(result.value).to.deep.include({ from: DAY, to: DAY, merchantId: parties.merchant.id });
  });

  it('covers whole UTC days, both included, and refuses bad days, a reversed range and an unknown merchant', async () => {
    const { uow } = await withWithdrawals(2);
    const reports = new OperatorReports({ unitOfWork: uow });
    const rows = async (from: string, to: string) => {
      const result = await reports.withdrawals(OPERATOR, { from, to });
      if (!result.ok) throw new Error(result.error.message);
      const all = [];
      for await (const batch of result.value.batches) all.push(...batch);
      return all.length;
    };
    expect(await rows('2026-02-28', '2026-03-01')).to.equal(2);
    expect(await rows('2026-03-02', '2026-03-05')).to.equal(0);
    const refusal = async (query: Parameters<typeof reports.withdrawals>[1], principal = OPERATOR) => {
      const result = await reports.withdrawals(principal, query);
      return result.ok ? null : [result.error.code, result.error.details?.field];
    };
    expect(await refusal({ from: '2026-02-30', to: DAY })).to.deep.equal(['VALIDATION_ERROR', 'from']);
    expect(await refusal({ from: DAY, to: '2026-02-28' })).to.deep.equal(['VALIDATION_ERROR', 'to']);
    expect(
      await refusal({ from: DAY, to: DAY, merchantId: '0195b3c4-0000-7000-8000-000000000404' }),
    ).to.deep.equal(['NOT_FOUND', undefined]);
    const merchant = { ...OPERATOR, scopes: new Set(['merchant.apis']) };
    expect(await refusal({ from: DAY, to: DAY }, merchant)).to.deep.equal(['UNAUTHORIZED', undefined]);
  });

  it("reads a run's lines: its provider-day's records by provider id, then the payouts missing at the provider", async () => {
    const uow = new InMemoryUnitOfWork();
    const parties = await seedParties(uow);
    const missing = buildWithdrawal(parties);
    const run = {
      id: '0195b3c5-0a00-7b10-8c20-000000000001',
      provider: 'simulated',
      day: DAY,
      startedAt: at(0),
      finishedAt: at(1),
      records: 4,
      matched: 4,
      pending: 0,
      opened: 1,
      exceptions: {
        MISSING_AT_PROVIDER: 1,
        UNKNOWN_AT_PROVIDER: 0,
        AMOUNT_MISMATCH: 0,
        STATUS_MISMATCH: 0,
        LATE_RETURN: 0,
        DUPLICATE_AT_PROVIDER: 0,
      },
    };
    const record = (providerId: string) => ({
      provider: 'simulated',
      providerId,
      reference: null,
      amount: '5.00',
      currency: 'USD',
      state: 'PAID' as const,
      providerState: 'PAID',
      createdAt: at(0),
      finalAt: null,
      fee: null,
    });
    await uow.run(async (tx) => {
      await tx.withdrawals.insert(missing);
      await tx.reconciliation.saveRecords(DAY, ['s4', 's2', 's1', 's3'].map(record), at(0));
      await tx.reconciliation.openException({
        id: '0195b3c5-0a00-7b10-8c20-000000000002',
        provider: 'simulated',
        day: DAY,
        type: 'MISSING_AT_PROVIDER',
        subject: missing.id,
        withdrawalId: missing.id,
        providerId: null,
        since: at(0),
        openedAt: at(1),
        evidence: { ours: null, provider: null },
        resolution: null,
      });
      await tx.reconciliation.recordRun(run);
    });
    const { unitOfWork, read } = counted(uow);
    const reports = new OperatorReports({ unitOfWork, batchSize: 3 });

    const result = await reports.runLines(OPERATOR, run.id);

    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.run).to.deep.equal(run);
    const lines = [];
    for await (const batch of result.value.batches) {
      expect(read()).to.equal(lines.length + batch.length);
      lines.push(...batch);
    }
    expect(lines.map((l) => l.record?.providerId ?? l.withdrawal?.id)).to.deep.equal([
      's1',
      's2',
      's3',
      's4',
      missing.id,
    ]);
    const none = await reports.runLines(OPERATOR, '0195b3c5-0a00-7b10-8c20-000000000404');
    expect(none.ok || none.error.code).to.equal('NOT_FOUND');
  });
});
