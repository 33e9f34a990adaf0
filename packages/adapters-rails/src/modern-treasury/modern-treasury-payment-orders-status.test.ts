import { FAILURE_REASONS, Money, type RailStatus } from '@payout/domain';
import { expect } from 'chai';
import nock from 'nock';
import { paymentOrder } from '../testing/objects/modern-treasury.objects.js';
import { takeAnswersOutsideDefinition, useNock } from '../testing/use-nock.js';
import {
  EFFECTIVE_DATE,
  type OrderState,
  railOn,
  ScriptedModernTreasury,
  submissionOn,
} from './modern-treasury-api.fixture.js';
import type { ModernTreasuryRailId } from './modern-treasury-api.types.js';

const at = new Date('2026-01-15T12:00:00Z');
const railFor = railOn;

/** Creates one order on `id`, moves it to `state`, and answers what the rail makes of it. */
async function statusAfter(id: ModernTreasuryRailId, state: OrderState): Promise<RailStatus> {
  // A fresh Modern Treasury for each order, even within one test.
  nock.cleanAll();
  const mt = new ScriptedModernTreasury();
  const rail = railFor(id);
  const sub = submissionOn(id);
  const submitted = await rail.submit(sub);
  if (submitted.kind !== 'ACCEPTED') throw new Error(`not accepted: ${JSON.stringify(submitted)}`);
  mt.move(sub.withdrawalId, state);
  return rail.status({
    withdrawalId: sub.withdrawalId,
    reference: submitted.reference,
    amount: sub.amount,
    submittedAt: at,
  });
}

describe('ModernTreasuryPaymentOrderRail.status', () => {
  useNock();

  for (const status of ['needs_approval', 'approved', 'pending', 'held', 'processing'])
    it(`is PENDING while the order is ${status}`, async () => {
      expect(await statusAfter('ACH', { status })).to.deep.equal({ kind: 'PENDING' });
    });

  it('shows a sent ACH order as PROCESSING until its effective date, and a sent RTP order as PROCESSING', async () => {
    expect(await statusAfter('ACH', { status: 'sent' })).to.deep.equal({
      kind: 'PROCESSING',
      expectedBy: new Date(EFFECTIVE_DATE),
    });
    expect(await statusAfter('RTP', { status: 'sent' })).to.deep.equal({ kind: 'PROCESSING' });
  });

  it('keeps a sent wire PENDING: it is paid when completed, and there is no settlement wait to show', async () => {
    expect(await statusAfter('WIRE', { status: 'sent' })).to.deep.equal({ kind: 'PENDING' });
    expect(await statusAfter('SWIFT', { status: 'sent' })).to.deep.equal({ kind: 'PENDING' });
    expect(await statusAfter('SWIFT', { status: 'completed' })).to.deep.equal({ kind: 'SETTLED' });
  });

  for (const [code, reason] of [
    ['R03', FAILURE_REASONS.RECIPIENT_NOT_FOUND],
    ['R02', FAILURE_REASONS.RECIPIENT_NOT_FOUND],
    ['R16', FAILURE_REASONS.COMPLIANCE],
    ['R24', FAILURE_REASONS.DUPLICATE],
    ['R08', FAILURE_REASONS.CANCELLED],
    ['R17', FAILURE_REASONS.GENERAL],
  ] as const)
    it(`maps an ACH return ${code} to the spec's reason, carrying the code`, async () => {
      // A closed or unknown account (R02, R03) cannot receive: its linked account is marked unusable.
      const dead = code === 'R02' || code === 'R03' ? { accountUnusable: true } : {};
      expect(await statusAfter('ACH', { status: 'returned', returnCode: code })).to.deep.equal({
        kind: 'RETURNED',
        reason,
        code,
        ...dead,
      });
    });

  it("carries a completed ACH order's latest Notification of Change (an ach_noc return) as the correction", async () => {
    const notices: OrderState['notices'] = [
      { code: 'C01', corrections: { account_number: '11112222' } },
      {
        code: 'C07',
        corrections: { account_number: '33334444', routing_number: '021000021', transaction_code: '32' },
      },
    ];
    expect(await statusAfter('ACH', { status: 'completed', notices })).to.deep.equal({
      kind: 'SETTLED',
      correction: {
        code: 'C07',
        at: new Date('2026-01-18T12:00:00Z'),
        accountNumber: '33334444',
        routingNumber: '021000021',
        accountType: 'savings',
      },
    });
    expect(await statusAfter('ACH', { status: 'completed' })).to.deep.equal({ kind: 'SETTLED' });
  });

  it('is unavailable when the returns of a completed ACH order cannot be read: a correction is never passed over', async () => {
    nock.cleanAll();
    const rail = railFor('ACH');
    nock('https://app.moderntreasury.com')
      .get('/api/payment_orders/po_1')
      .reply(200, paymentOrder({ id: 'po_1', status: 'completed' }))
      .get('/api/returns')
      .query(true)
      .reply(503, 'down');
    const status = await rail.status({
      withdrawalId: 'wd',
      reference: 'po_1',
      amount: Money.of('1'),
      submittedAt: at,
    });
    expect(status.kind).to.equal('UNAVAILABLE');
  });

  it('returns a returned order without a code with a reason from the spec', async () => {
    expect(await statusAfter('WIRE', { status: 'returned' })).to.deep.equal({
      kind: 'RETURNED',
      reason: FAILURE_REASONS.GENERAL,
    });
  });

  it('takes a reversed order as returned only once a reversal of it completed: the bank may refuse one', async () => {
    const reversed = (reversals: string[]) => statusAfter('ACH', { status: 'reversed', reversals });
    expect(await reversed(['failed', 'completed'])).to.deep.equal({
      kind: 'RETURNED',
      reason: FAILURE_REASONS.CANCELLED,
    });
    for (const stillPaid of [['returned'], ['failed', 'returned']])
      expect(await reversed(stillPaid), stillPaid.join()).to.deep.equal({ kind: 'SETTLED' });
    // Under way: no outcome yet, asked again at the return cadence (ACH: 6 hours), past the watch if need be.
    for (const underWay of [['sent'], ['failed', 'pending']])
      expect(await reversed(underWay), underWay.join()).to.deep.include({
        kind: 'UNAVAILABLE',
        retryAfterMs: 6 * 3_600_000,
      });
    const none = await reversed([]);
    expect(none.kind, 'reversed with no reversal to show: not guessed').to.equal('UNAVAILABLE');
  });

  for (const [status, reason] of [
    ['failed', FAILURE_REASONS.GENERAL],
    ['cancelled', FAILURE_REASONS.CANCELLED],
    ['stopped', FAILURE_REASONS.CANCELLED],
    ['denied', FAILURE_REASONS.COMPLIANCE],
  ] as const)
    it(`fails a ${status} order with the spec's reason`, async () => {
      expect(await statusAfter('ACH', { status })).to.deep.equal({ kind: 'FAILED', reason });
    });

  it('is UNAVAILABLE for a status it does not know, not a guess', async () => {
    const status = await statusAfter('ACH', { status: 'teleported' });
    expect(status).to.deep.equal({
      kind: 'UNAVAILABLE',
      detail: "Modern Treasury ACH payment order status 'teleported' is not known to this adapter",
    });
    takeAnswersOutsideDefinition('status must be equal to one of the allowed values');
  });

  it('is UNAVAILABLE, never FAILED, for an order Modern Treasury does not show (404)', async () => {
    new ScriptedModernTreasury();
    const status = await railFor('ACH').status({
      withdrawalId: 'wd-0001',
      reference: 'never-issued',
      amount: Money.of('1.00'),
      submittedAt: at,
    });
    expect(status).to.deep.equal({
      kind: 'UNAVAILABLE',
      detail: 'Modern Treasury answered 404 for /api/payment_orders/never-issued',
    });
  });

  it('watches ACH for returns for 60 days, a wire for 30, a wire abroad for 45, and RTP and cards not at all', () => {
    const DAY = 24 * 3_600_000;
    expect(railFor('ACH').returnWindowMs).to.equal(60 * DAY);
    expect(railFor('WIRE').returnWindowMs).to.equal(30 * DAY);
    expect(railFor('SWIFT').returnWindowMs).to.equal(45 * DAY);
    for (const id of ['RTP', 'PUSH_TO_CARD'] as const) expect(railFor(id).returnWindowMs).to.equal(0);
  });

  it('reports a returned wire as RETURNED, so that a wire sent back inside its watch reverses the debit', async () => {
    expect(await statusAfter('WIRE', { status: 'returned' })).to.deep.equal({
      kind: 'RETURNED',
      reason: FAILURE_REASONS.GENERAL,
    });
    expect(await statusAfter('SWIFT', { status: 'returned' })).to.deep.equal({
      kind: 'RETURNED',
      reason: FAILURE_REASONS.GENERAL,
    });
  });
});
