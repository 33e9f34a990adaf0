import {
  type ExceptionCounts,
  RECONCILIATION_EXCEPTION_TYPES,
  type ReconciliationException,
  type ReconciliationRun,
} from '@payout/domain';
import { InMemoryUnitOfWork } from '@payout/domain/testing';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { buildOpenApiDocument } from '../openapi/openapi.document.js';
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

const OPERATOR = mintHarnessToken({ sub: 'ops-http', scope: 'operator' });
const MERCHANT = mintHarnessToken({
  sub: 'm',
  scope: 'merchant.apis',
  merchant_id: '0195b3c4-6a10-7c21-8e4f-1a2b3c4d5e01',
});
const HOUR = 3_600_000;
const now = Date.now();

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...buildOpenApiDocument(), $id: 'openapi' });
/** The documented schema of an operation's 200 answer. */
const documented = (path: string, method: string) =>
  ajv.getSchema(
    `openapi#/paths/${path.replaceAll('/', '~1')}/${method}/responses/200/content/application~1json/schema`,
  );

const id = (n: number) => `0195b3c5-0a00-7b10-8c20-${n.toString(16).padStart(12, '0')}`;

const exception = (n: number, overrides: Partial<ReconciliationException> = {}): ReconciliationException => ({
  id: id(n),
  provider: 'simulated',
  day: '2026-03-02',
  type: 'UNKNOWN_AT_PROVIDER',
  subject: `sim_${n}`,
  withdrawalId: null,
  providerId: `sim_${n}`,
  since: new Date(now - n * HOUR),
  openedAt: new Date(now - 100 * HOUR + n * 1000),
  evidence: { ours: null, provider: { providerId: `sim_${n}`, amount: '5.00' } },
  resolution: null,
  ...overrides,
});

const run = (n: number, provider: string): ReconciliationRun => ({
  id: id(100 + n),
  provider,
  day: `2026-03-0${n}`,
  startedAt: new Date(now - HOUR + n * 1000),
  finishedAt: new Date(now - HOUR + n * 1000 + 500),
  records: n,
  matched: n,
  pending: 0,
  opened: 0,
  exceptions: noExceptions,
});

/** The reconciliation routes over the in-memory domain, with exceptions and runs stored as runs store them. */
describe('HTTP: the operator reconciliation routes', () => {
  let app: Awaited<ReturnType<typeof startHttpApp>>;
  let client: ApiClient;

  before(async () => {
    const unitOfWork = new InMemoryUnitOfWork();
    await unitOfWork.run(async (tx) => {
      await tx.reconciliation.openException(exception(1));
      await tx.reconciliation.openException(exception(2, { provider: 'increase' }));
      await tx.reconciliation.openException(exception(30, { type: 'AMOUNT_MISMATCH', subject: 'w30' }));
      await tx.reconciliation.openException(exception(40));
      await tx.reconciliation.recordRun(run(1, 'simulated'));
      await tx.reconciliation.recordRun(run(2, 'increase'));
    });
    app = await startHttpApp(inMemoryHttpDeps({ useCases: inMemoryUseCases(unitOfWork) }));
    client = new ApiClient({ ...app, mintToken: mintHarnessToken });
  });
  after(() => app.close());

  const call = (method: string, path: string, body?: unknown, token = OPERATOR) =>
    client.request(method, path, { token, ...(body === undefined ? {} : { body }) });
  const ids = (json: { data: { id: string }[] }) => json.data.map((row) => row.id);

  it('lists the runs newest first, by provider and by day', async () => {
    expect(ids((await call('GET', '/v1/operator/reconciliation/runs')).json)).to.deep.equal([
      id(102),
      id(101),
    ]);
    const one = await call('GET', '/v1/operator/reconciliation/runs?provider=simulated');
    expect(one.json.data).to.have.length(1);
    expect(one.json.data[0]).to.deep.include({ provider: 'simulated', day: '2026-03-01', records: 1 });
    const conforms = documented('/v1/operator/reconciliation/runs', 'get');
    expect(conforms?.(one.json), JSON.stringify(conforms?.errors)).to.equal(true);
    expect(ids((await call('GET', '/v1/operator/reconciliation/runs?day=2026-03-02')).json)).to.deep.equal([
      id(102),
    ]);
  });

  it('lists the exceptions by state, type, provider and age, a page at a time', async () => {
    const first = await call('GET', '/v1/operator/reconciliation/exceptions?state=open&order=asc&limit=2');
    expect(first.status).to.equal(200);
    expect(ids(first.json)).to.deep.equal([id(1), id(2)]);
    expect(first.json.hasMore).to.equal(true);
    const next = await call(
      'GET',
      `/v1/operator/reconciliation/exceptions?state=open&order=asc&limit=2&cursor=${first.json.nextCursor}`,
    );
    expect(ids(next.json)).to.deep.equal([id(30), id(40)]);
    expect(next.json.hasMore).to.equal(false);
    const [shown] = first.json.data;
    expect(shown).to.deep.include({ type: 'UNKNOWN_AT_PROVIDER', state: 'open', actions: ['ACKNOWLEDGE'] });
    expect(shown.ageSeconds).to.be.within(3600, 3660);
    expect(shown.evidence).to.deep.equal({ ours: null, provider: { providerId: 'sim_1', amount: '5.00' } });
    const conforms = documented('/v1/operator/reconciliation/exceptions', 'get');
    expect(conforms?.(first.json), JSON.stringify(conforms?.errors)).to.equal(true);

    const by = async (query: string) =>
      ids((await call('GET', `/v1/operator/reconciliation/exceptions?${query}`)).json);
    expect(await by('type=AMOUNT_MISMATCH')).to.deep.equal([id(30)]);
    expect(await by('provider=increase')).to.deep.equal([id(2)]);
    // Began 30 and 40 hours ago: older than a day; 1 and 2 hours: not.
    expect(await by('olderThan=P1D&order=asc')).to.deep.equal([id(30), id(40)]);
    expect(await by('olderThan=PT35H')).to.deep.equal([id(40)]);
    expect(await by('state=resolved')).to.deep.equal([]);
  });

  it('refuses a bad filter with a 400 in the envelope, naming the field', async () => {
    for (const [query, field] of [
      ['state=closed', 'state'],
      ['type=LOST', 'type'],
      ['provider=Not%20a%20name', 'provider'],
      ['olderThan=1d', 'olderThan'],
      ['olderThan=P1M', 'olderThan'],
      ['limit=0', 'limit'],
    ] as const) {
      const answer = await call('GET', `/v1/operator/reconciliation/exceptions?${query}`);
      expect([answer.status, answer.json.code, answer.json.field], query).to.deep.equal([
        400,
        'VALIDATION_ERROR',
        field,
      ]);
      expect(answer.json).to.include({ success: false, fatal: true });
    }
    const day = await call('GET', '/v1/operator/reconciliation/runs?day=2026-02-30');
    expect([day.status, day.json.field]).to.deep.equal([400, 'day']);
  });

  it('answers operators only', async () => {
    for (const path of ['/v1/operator/reconciliation/runs', '/v1/operator/reconciliation/exceptions'])
      expect((await call('GET', path, undefined, MERCHANT)).status, path).to.equal(401);
    const resolve = await call(
      'POST',
      `/v1/operator/reconciliation/exceptions/${id(1)}/resolve`,
      {
        action: 'ACKNOWLEDGE',
        reason: 'no',
      },
      MERCHANT,
    );
    expect(resolve.status).to.equal(401);
  });

  it('resolves an exception once: 400 for a bad action or an empty reason, 404 for none, 409 the second time', async () => {
    const path = `/v1/operator/reconciliation/exceptions/${id(40)}/resolve`;
    for (const [body, field] of [
      [{ action: 'DELETE', reason: 'x' }, 'action'],
      [{ action: 'ACKNOWLEDGE', reason: '   ' }, 'reason'],
      [{ action: 'ACKNOWLEDGE' }, 'reason'],
      [{ reason: 'why' }, 'action'],
    ] as const) {
      const refused = await call('POST', path, body);
      expect([refused.status, refused.json.code, refused.json.field], JSON.stringify(body)).to.deep.equal([
        400,
        'VALIDATION_ERROR',
        field,
      ]);
    }
    for (const unknown of [id(999), 'not-an-id']) {
      const none = await call('POST', `/v1/operator/reconciliation/exceptions/${unknown}/resolve`, {
        action: 'ACKNOWLEDGE',
        reason: 'x',
      });
      expect([none.status, none.json.code], unknown).to.deep.equal([404, 'NOT_FOUND']);
    }
    const notAllowed = await call('POST', path, { action: 'REVERSE', reason: 'a return' });
    expect([notAllowed.status, notAllowed.json.code]).to.deep.equal([409, 'ILLEGAL_TRANSITION']);

    const resolved = await call('POST', path, { action: 'ACKNOWLEDGE', reason: 'our own test transfer' });

    expect(resolved.status).to.equal(200);
    const conforms = documented('/v1/operator/reconciliation/exceptions/{id}/resolve', 'post');
    expect(conforms?.(resolved.json), JSON.stringify(conforms?.errors)).to.equal(true);
    expect(resolved.json.data).to.deep.include({ id: id(40), state: 'resolved', actions: [] });
    expect(resolved.json.data.resolution).to.deep.include({
      action: 'ACKNOWLEDGE',
      reason: 'our own test transfer',
      by: 'ops-http',
    });
    const twice = await call('POST', path, { action: 'ACKNOWLEDGE', reason: 'again' });
    expect([twice.status, twice.json.code]).to.deep.equal([409, 'ILLEGAL_TRANSITION']);
    const listed = await call('GET', '/v1/operator/reconciliation/exceptions?state=resolved');
    expect(ids(listed.json)).to.deep.equal([id(40)]);
  });
});
