import { FAILURE_REASONS, Money, type RailSubmitResult } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import nock from 'nock';
import { closedPortUrl, useSilentServer } from '../testing/local-servers.js';
import { useNock } from '../testing/use-nock.js';
import {
  ACCOUNT_ID,
  ACCOUNT_NUMBER,
  ACCOUNT_NUMBER_ID,
  API_KEY,
  BASE_URL,
  errorBody,
  ROUTING_NUMBER,
  ScriptedIncrease,
  submission,
  transferObject,
} from './increase-api.fixture.js';
import type { IncreaseRailId } from './increase-api.types.js';
import { IncreaseTransferRail } from './increase-transfers.rail.js';

const clock = new ManualClock('2026-01-15T12:00:00Z');
const railFor = (
  id: IncreaseRailId,
  options: { baseUrl?: string; timeoutMs?: number; apiKey?: string } = {},
) =>
  new IncreaseTransferRail({
    id,
    apiKey: options.apiKey ?? API_KEY,
    baseUrl: options.baseUrl ?? BASE_URL,
    accountId: ACCOUNT_ID,
    accountNumberId: ACCOUNT_NUMBER_ID,
    clock,
    timeoutMs: options.timeoutMs ?? 2000,
  });

/** Nothing a rail answers may carry the API key or the destination's account number. */
function expectNoSecrets(result: RailSubmitResult): void {
  for (const secret of [API_KEY, ACCOUNT_NUMBER]) expect(JSON.stringify(result)).not.to.include(secret);
}

describe('IncreaseTransferRail.submit', () => {
  useNock();

  it('creates an ACH credit in cents from the decimal amount, keyed by the withdrawal id', async () => {
    const increase = new ScriptedIncrease('ACH');
    const result = await railFor('ACH').submit(submission({ amount: Money.of('1234567.29') }));
    expect(result).to.deep.equal({ kind: 'ACCEPTED', reference: 'ach_transfer_1xk2' });
    expect(increase.keys).to.deep.equal(['wd-0001']);
    expect(increase.bodies).to.deep.equal([
      {
        account_id: ACCOUNT_ID,
        amount: 123456729,
        statement_descriptor: 'Payout wd-0001',
        account_number: ACCOUNT_NUMBER,
        routing_number: ROUTING_NUMBER,
        funding: 'checking',
        individual_name: 'Ada Lovelace',
        standard_entry_class_code: 'prearranged_payments_and_deposit',
      },
    ]);
  });

  it('sends amounts a float would get wrong as exact cents', async () => {
    const increase = new ScriptedIncrease('ACH');
    const rail = railFor('ACH');
    // 0.29 * 100 and 1.15 * 100 are not whole numbers in binary floating point.
    for (const [index, amount] of ['0.29', '1.15', '9007199254740.99'].entries())
      await rail.submit(submission({ withdrawalId: `wd-${index}`, amount: Money.of(amount) }));
    expect(increase.bodies.map((body) => (body as { amount: number }).amount)).to.deep.equal([
      29, 115, 900719925474099,
    ]);
  });

  it('sends RTP from the account number and WIRE with the creditor and remittance Increase requires', async () => {
    const rtp = new ScriptedIncrease('RTP');
    const wire = new ScriptedIncrease('WIRE');
    await railFor('RTP').submit(submission());
    await railFor('WIRE').submit(submission());
    expect(rtp.bodies).to.deep.equal([
      {
        source_account_number_id: ACCOUNT_NUMBER_ID,
        amount: 123456,
        creditor_name: 'Ada Lovelace',
        unstructured_remittance_information: 'Payout wd-0001',
        account_number: ACCOUNT_NUMBER,
        routing_number: ROUTING_NUMBER,
      },
    ]);
    expect(wire.bodies).to.deep.equal([
      {
        account_id: ACCOUNT_ID,
        amount: 123456,
        creditor: { name: 'Ada Lovelace' },
        remittance: { category: 'unstructured', unstructured: { message: 'Payout wd-0001' } },
        account_number: ACCOUNT_NUMBER,
        routing_number: ROUTING_NUMBER,
      },
    ]);
    expect([...rtp.keys, ...wire.keys]).to.deep.equal(['wd-0001', 'wd-0001']);
  });

  it('sends a savings account as savings funding', async () => {
    const increase = new ScriptedIncrease('ACH');
    const savings = submission();
    await railFor('ACH').submit({
      ...savings,
      destination: { kind: 'bank', details: { ...savings.destination.details, accountType: 'savings' } },
    });
    expect(increase.bodies[0]).to.include({ funding: 'savings' });
  });

  const refusals: [string, number, object, string][] = [
    [
      'a refused routing number',
      400,
      errorBody(400, 'invalid_parameters_error', 'Invalid parameters.', {
        errors: [{ field: 'routing_number', message: 'is not a valid routing number' }],
      }),
      FAILURE_REASONS.RECIPIENT_NOT_FOUND,
    ],
    [
      'a malformed request',
      400,
      errorBody(400, 'malformed_request_error', 'Malformed request.'),
      FAILURE_REASONS.GENERAL,
    ],
    [
      'an unprocessable transfer',
      422,
      errorBody(422, 'unprocessable_entity', 'Unprocessable.'),
      FAILURE_REASONS.GENERAL,
    ],
  ];
  for (const [what, status, body, reason] of refusals)
    it(`rejects ${what} (${status}) with the mapped reason`, async () => {
      nock(BASE_URL).post('/ach_transfers').reply(status, body);
      const result = await railFor('ACH').submit(submission());
      expect(result).to.include({ kind: 'REJECTED', reason });
      expect(result.kind === 'REJECTED' && result.detail).to.include(`${status}`);
      expectNoSecrets(result);
    });

  const retryable: [string, number, object][] = [
    ['a revoked key', 401, errorBody(401, 'invalid_api_key_error', 'Invalid API key.')],
    ['a feature not enabled', 403, errorBody(403, 'private_feature_error', 'Private feature.')],
    ['a conflict with the account', 409, errorBody(409, 'invalid_operation_error', 'Invalid operation.')],
    ['a server error', 500, errorBody(500, 'internal_server_error', 'Internal server error.')],
    ['a gateway error without a body', 502, {}],
  ];
  for (const [what, status, body] of retryable)
    it(`is unavailable on ${what} (${status}), paying nothing`, async () => {
      nock(BASE_URL).post('/ach_transfers').reply(status, body);
      const result = await railFor('ACH').submit(submission());
      expect(result.kind).to.equal('UNAVAILABLE');
      expectNoSecrets(result);
    });

  it("is unavailable on a 429 and says how long Increase asked to wait (Retry-After seconds or date, else the body's retry_after)", async () => {
    nock(BASE_URL)
      .post('/ach_transfers')
      .reply(429, errorBody(429, 'rate_limited_error', 'Rate limited.'), { 'Retry-After': '7' });
    nock(BASE_URL)
      .post('/ach_transfers')
      .reply(429, errorBody(429, 'rate_limited_error', 'Rate limited.'), {
        'Retry-After': 'Thu, 15 Jan 2026 12:01:30 GMT',
      });
    nock(BASE_URL)
      .post('/ach_transfers')
      .reply(429, errorBody(429, 'rate_limited_error', 'Rate limited.', { retry_after: 12 }));
    const rail = railFor('ACH');
    const details = [];
    const waits = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const result = await rail.submit(submission({ attempt }));
      expect(result.kind).to.equal('UNAVAILABLE');
      details.push(result.kind === 'UNAVAILABLE' ? result.detail : '');
      waits.push(result.kind === 'UNAVAILABLE' ? result.retryAfterMs : undefined);
    }
    expect(details.map((detail) => /retry after (\d+) s/.exec(detail)?.[1])).to.deep.equal(['7', '90', '12']);
    expect(waits).to.deep.equal([7000, 90_000, 12_000]);
  });

  it('adopts the transfer a used key points at, once Increase shows it carries that key', async () => {
    nock(BASE_URL)
      .post('/ach_transfers')
      .reply(
        409,
        errorBody(409, 'idempotency_key_already_used_error', 'Idempotency key already used.', {
          resource_id: 'ach_transfer_orig',
        }),
      );
    nock(BASE_URL)
      .get('/ach_transfers/ach_transfer_orig')
      .reply(
        200,
        transferObject(
          'ACH',
          { id: 'ach_transfer_orig', idempotencyKey: 'wd-0001', amount: 123456 },
          'pending',
        ),
      );
    expect(await railFor('ACH').submit(submission({ attempt: 2 }))).to.deep.equal({
      kind: 'ACCEPTED',
      reference: 'ach_transfer_orig',
    });
  });

  it('stays unavailable when the used key points at a transfer that is not this withdrawal', async () => {
    nock(BASE_URL)
      .post('/ach_transfers')
      .reply(
        409,
        errorBody(409, 'idempotency_key_already_used_error', 'Used.', { resource_id: 'ach_transfer_x' }),
      );
    nock(BASE_URL)
      .get('/ach_transfers/ach_transfer_x')
      .reply(
        200,
        transferObject('ACH', { id: 'ach_transfer_x', idempotencyKey: 'wd-9999', amount: 1 }, 'pending'),
      );
    const result = await railFor('ACH').submit(submission());
    expect(result.kind).to.equal('UNAVAILABLE');
    expect(result.kind === 'UNAVAILABLE' && result.detail).to.include('reconcile by hand');
  });

  it('finds the transfer made under a withdrawal id by its idempotency key, none under another, nothing created', async () => {
    for (const id of ['ACH', 'WIRE'] as const) {
      nock.cleanAll();
      const increase = new ScriptedIncrease(id);
      const made = await railFor(id).submit(submission());
      if (made.kind !== 'ACCEPTED') throw new Error(JSON.stringify(made));
      expect(await railFor(id).findPayout(submission().withdrawalId)).to.deep.equal({
        kind: 'FOUND',
        reference: made.reference,
      });
      expect(await railFor(id).findPayout('0195b3c4-0000-7000-8000-00000000f1nd')).to.deep.equal({
        kind: 'NONE',
      });
      expect(increase.lookups).to.deep.equal([
        submission().withdrawalId,
        '0195b3c4-0000-7000-8000-00000000f1nd',
      ]);
      expect(increase.created, id).to.equal(1);
    }
    // Refused credentials are no answer, not "none".
    expect((await railFor('ACH', { apiKey: 'revoked' }).findPayout('w-1')).kind).to.equal('UNAVAILABLE');
  });

  it('refuses a zero amount without calling Increase', async () => {
    const result = await railFor('ACH').submit(submission({ amount: Money.of('0.00') }));
    expect(result).to.include({ kind: 'REJECTED', reason: FAILURE_REASONS.GENERAL });
  });

  it('is unavailable when the connection is refused', async () => {
    const result = await railFor('ACH', { baseUrl: await closedPortUrl() }).submit(submission());
    expect(result.kind).to.equal('UNAVAILABLE');
    expect(result.kind === 'UNAVAILABLE' && result.detail).to.include('ECONNREFUSED');
  });

  describe('against an Increase that never answers', () => {
    const silentUrl = useSilentServer();

    it('answers UNAVAILABLE once its timeout has passed, for a submit and for a status', async () => {
      const rail = railFor('RTP', { baseUrl: silentUrl(), timeoutMs: 150 });
      const started = performance.now();
      const submitted = await rail.submit(submission());
      const status = await rail.status({
        withdrawalId: 'wd-0001',
        reference: 'real_time_payments_transfer_1',
        amount: Money.of('1.00'),
        submittedAt: clock.now(),
      });
      expect(submitted.kind === 'UNAVAILABLE' && submitted.detail).to.include('timed out');
      expect(status.kind === 'UNAVAILABLE' && status.detail).to.include('timed out');
      expect(performance.now() - started).to.be.within(280, 4000);
    });
  });
});
