import {
  type ExceptionCounts,
  ok,
  RECONCILIATION_EXCEPTION_TYPES,
  type WithdrawalExport,
} from '@payout/domain';
import { InMemoryUnitOfWork } from '@payout/domain/testing';
import { expect } from 'chai';
import { createWithdrawalRateLimiter } from '../rate-limit/withdrawal-rate-limiter.js';
import { ApiClient } from '../testing/api-client.js';
import {
  inMemoryHttpDeps,
  inMemoryUseCases,
  mintHarnessToken,
  startHttpApp,
} from '../testing/in-memory-http.harness.js';

/** A run's counts with no exception of any type. */
const noExceptions = Object.fromEntries(
  RECONCILIATION_EXCEPTION_TYPES.map((type) => [type, 0]),
) as ExceptionCounts;

const OPERATOR = mintHarnessToken({ sub: 'ops-reports', scope: 'operator' });
const today = () => new Date().toISOString().slice(0, 10);
const RUN = '0195b3c5-0a00-7b10-8c20-000000000101';

/** The CSV records of a body, each split at its commas (these tests' fields hold none). */
const records = (body: string) =>
  body
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

describe('HTTP: the operator CSV reports', () => {
  let app: Awaited<ReturnType<typeof startHttpApp>>;
  let client: ApiClient;
  const unitOfWork = new InMemoryUnitOfWork();

  before(async () => {
    app = await startHttpApp(
      inMemoryHttpDeps({
        useCases: inMemoryUseCases(unitOfWork),
        withdrawalRateLimiter: createWithdrawalRateLimiter({
          pointsPerMinute: 100,
          keyPrefix: 'reports-test',
        }),
      }),
    );
    client = new ApiClient({ ...app, mintToken: mintHarnessToken });
  });
  after(() => app.close());

  const get = async (path: string, token = OPERATOR) => {
    const response = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

  it("exports a merchant's withdrawals of a range of days as CSV, money exact and formulas kept as text", async () => {
    const { merchant, entity, accountId } = await client.payer('bank', '1000.00');
    const made: string[] = [];
    for (const [amount, reason] of [
      [12.3, 'March payroll'],
      [7.05, '=HYPERLINK("http://evil.example")'],
    ] as const) {
      const answer = await client.withdraw(entity, accountId, { amount, walletType: 'SPEND', reason });
      expect(answer.status, JSON.stringify(answer.json)).to.equal(200);
      made.push(answer.json.data.id);
    }
    await client.payer('bank', '1000.00'); // another merchant's entity, left out

    const answer = await get(
      `/v1/operator/reports/withdrawals.csv?from=${today()}&to=${today()}&merchantId=${merchant.id}`,
    );

    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.equal('text/csv; charset=utf-8; header=present');
    expect(answer.headers.get('content-disposition')).to.equal(
      `attachment; filename="withdrawals-${merchant.id}-${today()}-to-${today()}.csv"`,
    );
    expect(answer.headers.get('content-length'), 'streamed').to.equal(null);
    const [header, ...rows] = answer.body.split('\r\n').filter((line) => line !== '');
    expect(header).to.equal(
      'id,merchantId,entityId,walletId,linkedAccountId,flow,rail,provider,providerReference,currency,amount,fees,' +
        'total,status,failureReason,failureCode,reason,createdAt,submittedAt,updatedAt',
    );
    expect(rows.map((row) => row.split(',')[0])).to.deep.equal(made);
    const [first] = records(answer.body).slice(1);
    expect([first?.[3], first?.[6], first?.[9], first?.[10], first?.[16]]).to.deep.equal([
      entity.walletId,
      'ACH',
      'USD',
      '12.30',
      'March payroll',
    ]);
    expect(first?.[12], 'the total, exact').to.match(/^\d+\.\d{2}$/);
    expect(rows[1]).to.include(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('answers a bad range or an unknown merchant in the JSON envelope, before any CSV', async () => {
    for (const [query, status, field] of [
      [`from=${today()}`, 400, 'to'],
      ['from=2026-02-30&to=2026-03-01', 400, 'from'],
      ['from=2026-03-02&to=2026-03-01', 400, 'to'],
      ['from=2026-03-01&to=2026-03-02&merchantId=nope', 400, 'merchantId'],
      ['from=2026-03-01&to=2026-03-02&merchantId=0195b3c4-0000-7000-8000-000000000404', 404, undefined],
    ] as const) {
      const answer = await get(`/v1/operator/reports/withdrawals.csv?${query}`);
      const json = JSON.parse(answer.body);
      expect([answer.status, json.field], query).to.deep.equal([status, field]);
      expect(json).to.include({ success: false, fatal: true });
    }
    const merchant = mintHarnessToken({ sub: 'm', scope: 'merchant.apis', merchant_id: RUN });
    expect(
      (await get(`/v1/operator/reports/withdrawals.csv?from=${today()}&to=${today()}`, merchant)).status,
    ).to.equal(401);
  });

  it("exports a run's lines: records with their withdrawal and exceptions, then the payouts missing", async () => {
    const { entity, accountId } = await client.payer('bank', '1000.00');
    const paid = (await client.withdraw(entity, accountId, { amount: 20, walletType: 'SPEND' })).json.data.id;
    const day = today();
    await unitOfWork.run(async (tx) => {
      const record = (providerId: string, reference: string | null, amount: string) => ({
        provider: 'simulated',
        providerId,
        reference,
        amount,
        currency: 'USD',
        state: 'PAID' as const,
        providerState: 'PAID',
        createdAt: new Date(),
        finalAt: null,
        fee: '0.10',
      });
      await tx.reconciliation.saveRecords(
        day,
        [record('sim_1', paid, '21.00'), record('sim_2', 'x', '-5.00')],
        new Date(),
      );
      await tx.reconciliation.matchRecord('simulated', 'sim_1', paid);
      await tx.reconciliation.openException({
        id: '0195b3c5-0a00-7b10-8c20-000000000102',
        provider: 'simulated',
        day,
        type: 'AMOUNT_MISMATCH',
        subject: paid,
        withdrawalId: paid,
        providerId: 'sim_1',
        since: new Date(),
        openedAt: new Date(),
        evidence: { ours: null, provider: null },
        resolution: null,
      });
      await tx.reconciliation.recordRun({
        id: RUN,
        provider: 'simulated',
        day,
        startedAt: new Date(),
        finishedAt: new Date(),
        records: 2,
        matched: 0,
        pending: 0,
        opened: 1,
        exceptions: { ...noExceptions, AMOUNT_MISMATCH: 1 },
      });
    });

    const answer = await get(`/v1/operator/reconciliation/runs/${RUN}/lines.csv`);

    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-disposition')).to.equal(
      `attachment; filename="reconciliation-simulated-${day}-${RUN}.csv"`,
    );
    expect(records(answer.body)).to.deep.equal([
      [
        'outcome',
        'exceptions',
        'exceptionIds',
        'providerId',
        'reference',
        'amount',
        'currency',
        'state',
        'providerState',
        'createdAt',
        'finalAt',
        'fee',
        'withdrawalId',
        'withdrawalAmount',
        'withdrawalCurrency',
        'withdrawalStatus',
      ],
      [
        'EXCEPTION',
        'AMOUNT_MISMATCH (open)',
        '0195b3c5-0a00-7b10-8c20-000000000102',
        'sim_1',
        paid,
        '21.00',
        'USD',
        'PAID',
        'PAID',
        records(answer.body)[1]?.[9] as string,
        '',
        '0.10',
        paid,
        '20.00',
        'USD',
        records(answer.body)[1]?.[15] as string,
      ],
      [
        'UNMATCHED',
        '',
        '',
        'sim_2',
        'x',
        '-5.00',
        'USD',
        'PAID',
        'PAID',
        records(answer.body)[2]?.[9] as string,
        '',
        '0.10',
        '',
        '',
        '',
        '',
      ],
    ]);
    const none = await get('/v1/operator/reconciliation/runs/0195b3c5-0a00-7b10-8c20-000000000404/lines.csv');
    expect([none.status, JSON.parse(none.body).code]).to.deep.equal([404, 'NOT_FOUND']);
  });
});

describe('HTTP: a CSV report whose store fails', () => {
  /** A withdrawals report whose batches come from `batches`. */
  async function appWith(batches: () => AsyncGenerator<never[]>) {
    const useCases = inMemoryUseCases();
    const report = (): WithdrawalExport => ({
      from: '2026-03-01',
      to: '2026-03-01',
      merchantId: null,
      batches: batches(),
    });
    const app = await startHttpApp(
      inMemoryHttpDeps({
        useCases: {
          ...useCases,
          operatorReports: {
            withdrawals: async () => ok(report()),
            runLines: (principal, id) => useCases.operatorReports.runLines(principal, id),
          },
        },
      }),
    );
    return app;
  }
  const path = '/v1/operator/reports/withdrawals.csv?from=2026-03-01&to=2026-03-01';

  it('answers 503 in the envelope when the first batch cannot be read', async () => {
    const app = await appWith(async function* () {
      yield* [];
      throw new Error('database unreachable');
    });
    try {
      const response = await fetch(`${app.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${OPERATOR}` },
      });
      expect(response.status).to.equal(503);
      expect(((await response.json()) as { code: string }).code).to.equal('SERVICE_UNAVAILABLE');
    } finally {
      await app.close();
    }
  });

  it('cuts the answer short, with no final chunk, when a later batch cannot be read', async () => {
    const app = await appWith(async function* () {
      yield [];
      throw new Error('database unreachable');
    });
    try {
      const response = await fetch(`${app.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${OPERATOR}` },
      });
      expect(response.status).to.equal(200);
      const read = await response.text().then(
        () => 'whole',
        () => 'cut short',
      );
      expect(read).to.equal('cut short');
    } finally {
      await app.close();
    }
  });
});
