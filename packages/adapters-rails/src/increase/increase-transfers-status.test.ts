import { FAILURE_REASONS, Money } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import type Increase from 'increase';
import nock from 'nock';
import {
  achNotificationOfChange,
  achReturn,
  rtpRejection,
} from '../testing/objects/increase-transfers.objects.js';
import { takeAnswersOutsideDefinition, useNock } from '../testing/use-nock.js';
import {
  ACCOUNT_ID,
  ACCOUNT_NUMBER_ID,
  API_KEY,
  BASE_URL,
  EXPECTED_SETTLEMENT_AT,
  errorBody,
  SETTLED_AT,
  type TransferState,
  transferObject,
} from './increase-api.fixture.js';
import type { IncreaseRailId } from './increase-api.types.js';
import { TRANSFER_PATHS } from './increase-transfer-request.mapping.js';
import { IncreaseTransferRail } from './increase-transfers.rail.js';

const railFor = (id: IncreaseRailId) =>
  new IncreaseTransferRail({
    id,
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    accountId: ACCOUNT_ID,
    accountNumberId: ACCOUNT_NUMBER_ID,
    clock: new ManualClock(),
    timeoutMs: 2000,
  });

const query = {
  withdrawalId: 'wd-0001',
  reference: 'tr_1',
  amount: Money.of('1234.56'),
  submittedAt: new Date(),
};

/** The status of a transfer Increase shows as `body`. */
async function statusOf(id: IncreaseRailId, body: object) {
  nock(BASE_URL)
    .get(`${TRANSFER_PATHS[id]}/tr_1`)
    .matchHeader('authorization', `Bearer ${API_KEY}`)
    .reply(200, body);
  return railFor(id).status(query);
}
const shown = (id: IncreaseRailId, state: TransferState, extra: object = {}) => ({
  ...transferObject(id, { id: 'tr_1', idempotencyKey: 'wd-0001', amount: 123456 }, state),
  ...extra,
});

describe('IncreaseTransferRail.status', () => {
  useNock();

  it('maps each rail through its lifecycle, with ACH and RTP processing once submitted', async () => {
    const expected: [IncreaseRailId, TransferState, object][] = [
      ['ACH', 'pending', { kind: 'PENDING' }],
      ['ACH', 'submitted', { kind: 'PROCESSING', expectedBy: new Date(EXPECTED_SETTLEMENT_AT) }],
      ['ACH', 'settled', { kind: 'SETTLED', settledAt: new Date(SETTLED_AT) }],
      ['ACH', 'declined', { kind: 'FAILED', reason: FAILURE_REASONS.GENERAL }],
      [
        'ACH',
        'returned',
        { kind: 'RETURNED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND, code: 'R03', accountUnusable: true },
      ],
      ['RTP', 'pending', { kind: 'PENDING' }],
      ['RTP', 'submitted', { kind: 'PROCESSING' }],
      ['RTP', 'settled', { kind: 'SETTLED', settledAt: new Date('2026-01-15T12:00:03Z') }],
      [
        'RTP',
        'declined',
        {
          kind: 'FAILED',
          reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND,
          code: 'account_closed',
          accountUnusable: true,
        },
      ],
      ['WIRE', 'pending', { kind: 'PENDING' }],
      ['WIRE', 'submitted', { kind: 'PENDING' }],
      ['WIRE', 'settled', { kind: 'SETTLED', settledAt: new Date(SETTLED_AT) }],
      ['WIRE', 'declined', { kind: 'FAILED', reason: FAILURE_REASONS.GENERAL }],
      ['WIRE', 'returned', { kind: 'RETURNED', reason: FAILURE_REASONS.GENERAL }],
    ];
    for (const [id, state, status] of expected)
      expect(await statusOf(id, shown(id, state)), `${id} ${state}`).to.deep.equal(status);
  });

  it('fails a transfer canceled in Increase (an approval refused) as cancelled', async () => {
    expect(await statusOf('ACH', shown('ACH', 'pending', { status: 'canceled' }))).to.deep.equal({
      kind: 'FAILED',
      reason: FAILURE_REASONS.CANCELLED,
    });
  });

  /** Code, Increase's name, the spec's reason, and whether it says the account cannot receive. */
  const returns: [string, Increase.ACHTransfer.Return['return_reason_code'], string, boolean][] = [
    ['R01', 'insufficient_fund', FAILURE_REASONS.GENERAL, false],
    ['R02', 'account_closed', FAILURE_REASONS.RECIPIENT_NOT_FOUND, true],
    ['R03', 'no_account', FAILURE_REASONS.RECIPIENT_NOT_FOUND, true],
    ['R04', 'invalid_account_number_structure', FAILURE_REASONS.RECIPIENT_NOT_FOUND, true],
    ['R06', 'returned_per_odfi_request', FAILURE_REASONS.CANCELLED, false],
    ['R08', 'payment_stopped', FAILURE_REASONS.CANCELLED, false],
    ['R16', 'account_frozen_entry_returned_per_ofac_instruction', FAILURE_REASONS.COMPLIANCE, false],
    ['R20', 'non_transaction_account', FAILURE_REASONS.RECIPIENT_NOT_FOUND, true],
    ['R23', 'credit_entry_refused_by_receiver', FAILURE_REASONS.GENERAL, false],
    ['R24', 'duplicate_entry', FAILURE_REASONS.DUPLICATE, false],
  ];
  it('maps ACH return codes to the spec reasons by R code, whatever Increase names it, and carries the code', async () => {
    for (const [code, , reason, unusable] of returns) {
      // A name that maps to no reason of its own: the R code decides.
      const byCode = shown('ACH', 'returned', {
        return: achReturn({ raw_return_reason_code: code, return_reason_code: 'untimely_return' }),
      });
      const dead = unusable ? { accountUnusable: true } : {};
      expect(await statusOf('ACH', byCode), code).to.deep.equal({ kind: 'RETURNED', reason, code, ...dead });
    }
  });

  it('maps a return by its name alone, should Increase ever leave out the R code its SDK requires', async () => {
    for (const [, name, reason, unusable] of returns) {
      const { raw_return_reason_code: _, ...nameOnly } = achReturn({ return_reason_code: name });
      const byName = shown('ACH', 'returned', { return: nameOnly });
      const dead = unusable ? { accountUnusable: true } : {};
      expect(await statusOf('ACH', byName), name).to.deep.equal({
        kind: 'RETURNED',
        reason,
        code: name,
        ...dead,
      });
    }
    takeAnswersOutsideDefinition('return.raw_return_reason_code is required');
  });

  it("carries the latest Notification of Change on an ACH transfer as the account's correction", async () => {
    const notices = {
      notifications_of_change: [
        achNotificationOfChange({
          change_code: 'incorrect_routing_number_account_number_and_transaction_code',
          corrected_account_number: '987654321',
          corrected_routing_number: '021000021',
          corrected_account_funding: 'savings',
          created_at: '2026-01-17T15:00:00Z',
        }),
        achNotificationOfChange({
          change_code: 'incorrect_account_number',
          corrected_account_number: '55554444',
          created_at: '2026-01-16T15:00:00Z',
        }),
      ],
    };
    expect(await statusOf('ACH', shown('ACH', 'settled', notices))).to.deep.equal({
      kind: 'SETTLED',
      settledAt: new Date(SETTLED_AT),
      correction: {
        code: 'C07',
        at: new Date('2026-01-17T15:00:00Z'),
        accountNumber: '987654321',
        routingNumber: '021000021',
        accountType: 'savings',
      },
    });
    const loan = {
      notifications_of_change: [
        achNotificationOfChange({
          change_code: 'incorrect_transaction_code',
          corrected_account_funding: 'loan',
          created_at: '2026-01-17T15:00:00Z',
        }),
      ],
    };
    expect(await statusOf('ACH', shown('ACH', 'settled', loan))).to.deep.equal({
      kind: 'SETTLED',
      settledAt: new Date(SETTLED_AT),
      correction: { code: 'C05', at: new Date('2026-01-17T15:00:00Z') },
    });
    expect(await statusOf('ACH', shown('ACH', 'settled', { notifications_of_change: [] }))).to.deep.equal({
      kind: 'SETTLED',
      settledAt: new Date(SETTLED_AT),
    });
  });

  it('maps RTP reject reasons: a blocked account is compliance, a network outage is general', async () => {
    type Code = Increase.RealTimePaymentsTransfer.Rejection['reject_reason_code'];
    const rejected = (code: string) =>
      shown('RTP', 'declined', { rejection: rtpRejection({ reject_reason_code: code as Code }) });
    expect(await statusOf('RTP', rejected('account_blocked'))).to.deep.equal({
      kind: 'FAILED',
      reason: FAILURE_REASONS.COMPLIANCE,
      code: 'account_blocked',
    });
    expect(await statusOf('RTP', rejected('real_time_payments_suspended'))).to.deep.equal({
      kind: 'FAILED',
      reason: FAILURE_REASONS.GENERAL,
      code: 'real_time_payments_suspended',
    });
    expect(await statusOf('RTP', rejected('constructor')), 'a code the SDK does not list').to.deep.equal({
      kind: 'FAILED',
      reason: FAILURE_REASONS.GENERAL,
      code: 'constructor',
    });
    takeAnswersOutsideDefinition('rejection.reject_reason_code must be equal to one of the allowed values');
  });

  it('is unavailable for a status it does not know, rather than guessing an outcome', async () => {
    const status = await statusOf('ACH', shown('ACH', 'pending', { status: 'teleported' }));
    expect(status.kind).to.equal('UNAVAILABLE');
    expect(status.kind === 'UNAVAILABLE' && status.detail).to.include('teleported');
    takeAnswersOutsideDefinition('status must be equal to one of the allowed values');
  });

  it('is unavailable, never failed, when Increase does not know the transfer (404) or errs', async () => {
    nock(BASE_URL)
      .get('/ach_transfers/tr_1')
      .reply(404, errorBody(404, 'object_not_found_error', 'Not found.'));
    nock(BASE_URL).get('/ach_transfers/tr_1').reply(503, 'upstream down');
    const rail = railFor('ACH');
    expect((await rail.status(query)).kind).to.equal('UNAVAILABLE');
    expect((await rail.status(query)).kind).to.equal('UNAVAILABLE');
  });

  it('is unavailable on a 429 for as long as its Retry-After asks, so the next poll is no sooner', async () => {
    nock(BASE_URL)
      .get('/ach_transfers/tr_1')
      .reply(429, errorBody(429, 'rate_limited_error', 'Slow down.'), { 'Retry-After': '90' });
    const status = await railFor('ACH').status(query);
    expect(status).to.deep.include({ kind: 'UNAVAILABLE', retryAfterMs: 90_000 });
  });

  it('watches ACH for returns for 60 days by default (consumer returns), WIRE for 30 days, and RTP not at all', () => {
    expect(railFor('ACH').returnWindowMs).to.equal(60 * 24 * 3_600_000);
    expect(railFor('RTP').returnWindowMs).to.equal(0);
    expect(railFor('WIRE').returnWindowMs, 'a reversed wire is reported on the transfer').to.equal(
      30 * 24 * 3_600_000,
    );
  });
});
