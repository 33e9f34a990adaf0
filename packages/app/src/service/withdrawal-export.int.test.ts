import { Writable } from 'node:stream';
import { sendCsv, WITHDRAWAL_COLUMNS } from '@payout/adapters-http';
import {
  inMemoryHttpDeps,
  inMemoryUseCases,
  mintHarnessToken,
  startHttpApp,
} from '@payout/adapters-http/testing';
import { migrateLatest } from '@payout/adapters-persistence';
import {
  recordingUnitOfWork,
  type ScratchDatabase,
  scratchDatabase,
} from '@payout/adapters-persistence/testing';
import {
  OperatorReports,
  type Principal,
  type ReportReads,
  type UnitOfWork,
  type WithdrawalExport,
} from '@payout/domain';
import { buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';

const OPERATOR: Principal = {
  subject: 'ops',
  merchantId: null,
  entityId: null,
  scopes: new Set(['operator']),
};
const ROWS = 10_000;
const BATCH = 500;
const DAY = '2026-03-01';

/** The unit of work with its report reads counted: rows read from PostgreSQL so far. */
function counting(uow: UnitOfWork): { unitOfWork: UnitOfWork; fetched: () => number } {
  let fetched = 0;
  const reports = uow.read.reports;
  const counted: ReportReads = {
    withdrawals: async (...args) => {
      const batch = await reports.withdrawals(...args);
      fetched += batch.length;
      return batch;
    },
    findRun: (id) => reports.findRun(id),
    recordLines: (...args) => reports.recordLines(...args),
    missingLines: (...args) => reports.missingLines(...args),
  };
  return {
    unitOfWork: {
      run: (work) => uow.run(work),
      read: uow.read,
      readBack: (read) => uow.readBack(read),
      readFor: async () => ({ ...uow.read, reports: counted }),
    },
    fetched: () => fetched,
  };
}

/**
 * A slow reader of a CSV answer, in place of a client's connection: it takes one chunk at a time, a turn of the event
 * loop each, and notes for each chunk how many rows had been read from the store beyond those it had already taken.
 */
class SlowReader extends Writable {
  readonly ids: string[] = [];
  maxAhead = 0;
  private rest = '';

  constructor(private readonly fetched: () => number) {
    super({ highWaterMark: 16 * 1024 });
  }

  status(): this {
    return this;
  }

  setHeader(): void {}

  override _write(chunk: Buffer, _encoding: string, done: (error?: Error) => void): void {
    this.maxAhead = Math.max(this.maxAhead, this.fetched() - this.ids.length);
    const lines = (this.rest + chunk.toString()).split('\r\n');
    this.rest = lines.pop() ?? '';
    for (const line of lines) if (!line.startsWith('id,')) this.ids.push(line.split(',')[0] as string);
    setImmediate(done);
  }
}

/**
 * Issue 46's report of 10,000 withdrawals, from PostgreSQL: streamed in keyset batches with backpressure, so the
 * process never holds more than the batch being read and the one chunk waiting to be written, whatever the export's
 * length; and the whole of it, in order, over HTTP.
 */
describe('Exporting 10,000 withdrawals from PostgreSQL as CSV', function () {
  this.timeout(120_000);
  let database: ScratchDatabase;
  let unitOfWork: UnitOfWork;
  let merchantId: string;
  let expected: string[];

  before(async () => {
    database = await scratchDatabase('withdrawal_export');
    await migrateLatest(database.knex);
    unitOfWork = recordingUnitOfWork(database.knex);
    const parties = await seedParties(unitOfWork, '1000.00');
    const others = await seedParties(unitOfWork, '1000.00');
    merchantId = parties.merchant.id;
    const template = buildWithdrawal(parties, '12.34', 'PENDING', new Date(`${DAY}T00:00:00.000Z`));
    const other = buildWithdrawal(others, '1.00', 'PENDING', new Date(`${DAY}T12:00:00.000Z`));
    await unitOfWork.run(async (tx) => {
      await tx.withdrawals.insert(template);
      await tx.withdrawals.insert(other);
    });
    // Copies of the template a millisecond apart, through the day; and another merchant's.
    await database.knex.raw(
      `INSERT INTO withdrawals
       SELECT (jsonb_populate_record(w, jsonb_build_object('id', gen_random_uuid(),
                'created_at', w.created_at + g * interval '1 millisecond'))).*
         FROM withdrawals w, generate_series(1, ?) g WHERE w.id = ?`,
      [ROWS - 1, template.id],
    );
    await database.knex.raw(
      `INSERT INTO withdrawals
       SELECT (jsonb_populate_record(w, jsonb_build_object('id', gen_random_uuid()))).*
         FROM withdrawals w, generate_series(1, 50) WHERE w.id = ?`,
      [other.id],
    );
    await database.knex.raw('ANALYZE withdrawals');
    const rows: Array<{ id: string }> = await database
      .knex('withdrawals')
      .where({ merchant_id: merchantId })
      .orderBy(['created_at', 'id'])
      .select('id');
    expected = rows.map((row) => row.id);
    expect(expected).to.have.length(ROWS);
  });
  after(async () => {
    await database?.drop();
  });

  it('holds at most the batch being read and one waiting to be written, however slowly it is read', async () => {
    const { unitOfWork: counted, fetched } = counting(unitOfWork);
    const result = await new OperatorReports({ unitOfWork: counted, batchSize: BATCH }).withdrawals(
      OPERATOR,
      {
        from: DAY,
        to: DAY,
        merchantId,
      },
    );
    if (!result.ok) throw new Error(result.error.message);
    const report: WithdrawalExport = result.value;
    const reader = new SlowReader(fetched);

    await sendCsv(reader as never, 'withdrawals.csv', WITHDRAWAL_COLUMNS, report.batches);

    expect(reader.ids).to.deep.equal(expected);
    expect(fetched()).to.equal(ROWS);
    expect(reader.maxAhead, 'rows read from the store ahead of the reader').to.be.at.most(2 * BATCH);
    expect(reader.maxAhead, 'the store was read while the reader was behind').to.be.greaterThan(0);
  });

  it('answers the whole export over HTTP, chunked, every row once and in order', async () => {
    const app = await startHttpApp(
      inMemoryHttpDeps({
        useCases: { ...inMemoryUseCases(), operatorReports: new OperatorReports({ unitOfWork }) },
      }),
    );
    try {
      const response = await fetch(
        `${app.baseUrl}/v1/operator/reports/withdrawals.csv?from=${DAY}&to=${DAY}&merchantId=${merchantId}`,
        { headers: { authorization: `Bearer ${mintHarnessToken({ sub: 'ops', scope: 'operator' })}` } },
      );
      expect(response.status).to.equal(200);
      expect(response.headers.get('transfer-encoding')).to.equal('chunked');
      const [header, ...lines] = (await response.text()).split('\r\n');
      expect(header?.startsWith('id,merchantId,')).to.equal(true);
      expect(lines.pop(), 'the last record ends with CRLF').to.equal('');
      expect(lines.map((line) => line.split(',')[0])).to.deep.equal(expected);
      expect(new Set(lines.map((line) => line.split(',')[10]))).to.deep.equal(new Set(['12.34']));
    } finally {
      await app.close();
    }
  });
});
