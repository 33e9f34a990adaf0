import {
  FAILURE_REASONS,
  Money,
  type PayoutRail,
  type RailSubmission,
  UNRESOLVED_SUBMIT_ATTEMPTS,
} from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { createSimulatedRails } from '../simulated/simulated-payout.rail.js';
import { observedRail, type RailCall } from './observed-payout.rail.js';

const ACCOUNT_NUMBER = '123456789012';

const submission = (amount: string): RailSubmission => ({
  withdrawalId: 'w-observed',
  attempt: 1,
  requestedAt: new Date('2026-01-15T12:00:00Z'),
  amount: Money.of(amount),
  currency: 'USD',
  destination: { kind: 'bank', details: { accountNumber: ACCOUNT_NUMBER, routingNumber: '021000021' } },
  description: 'test',
});

function observed() {
  const clock = new ManualClock();
  const ach = createSimulatedRails({ clock }).find((r) => r.id === 'ACH') as PayoutRail;
  const calls: RailCall[] = [];
  const lines: { fields: object; message: string }[] = [];
  const rail = observedRail(ach, {
    provider: 'simulated',
    record: (call) => calls.push(call),
    log: {
      warn: (fields, message) => lines.push({ fields, message }),
      error: (fields, message) => lines.push({ fields, message: `error: ${message}` }),
    },
  });
  return { rail, calls, lines, clock };
}

describe('observedRail', () => {
  it('records each call by provider, rail, operation and outcome, and logs nothing for an accepted payout', async () => {
    const { rail, calls, lines } = observed();
    const accepted = await rail.submit(submission('10.00'));
    expect(accepted.kind).to.equal('ACCEPTED');
    expect(calls.map(({ seconds: _, ...labels }) => labels)).to.deep.equal([
      { provider: 'simulated', rail: 'ACH', operation: 'submit', outcome: 'accepted' },
    ]);
    expect(calls[0]?.seconds).to.be.at.least(0);
    expect(lines).to.deep.equal([]);
  });

  it('logs a rejection at submission with the withdrawal id, rail and reason, and no account number', async () => {
    const { rail, calls, lines } = observed();
    const rejected = await rail.submit(submission('10.91'));
    expect(rejected.kind).to.equal('REJECTED');
    expect(calls.map((call) => call.outcome)).to.deep.equal(['rejected']);
    expect(lines).to.have.length(1);
    expect(lines[0]?.message).to.equal('rail rejected the payout');
    expect(lines[0]?.fields).to.include({ withdrawalId: 'w-observed', rail: 'ACH', provider: 'simulated' });
    expect(lines[0]?.fields).to.have.property('reason').that.is.a('string').and.not.empty;
    expect(JSON.stringify(lines)).not.to.contain(ACCOUNT_NUMBER);
  });

  it("logs each unavailable answer with its attempt and the adapter's detail, as an error once unresolved for long", async () => {
    const lines: { level: string; fields: object; message: string }[] = [];
    const down: PayoutRail = {
      id: 'ACH',
      provider: 'paypal',
      pollIntervalMs: 1,
      returnWindowMs: 0,
      returnPollIntervalMs: 1,
      submit: async () => ({ kind: 'UNAVAILABLE', detail: 'PayPal holds a batch but did not link it' }),
      status: async () => ({ kind: 'PENDING' }),
    };
    const rail = observedRail(down, {
      provider: 'paypal',
      record: () => {},
      log: {
        warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
        error: (fields, message) => lines.push({ level: 'error', fields, message }),
      },
    });
    for (const attempt of [1, UNRESOLVED_SUBMIT_ATTEMPTS - 1, UNRESOLVED_SUBMIT_ATTEMPTS])
      await rail.submit({ ...submission('10.00'), attempt });
    expect(lines.map((line) => [line.level, (line.fields as { attempt: number }).attempt])).to.deep.equal([
      ['warn', 1],
      ['warn', UNRESOLVED_SUBMIT_ATTEMPTS - 1],
      ['error', UNRESOLVED_SUBMIT_ATTEMPTS],
    ]);
    expect(lines[2]?.message).to.equal('payout submission unresolved: check it with the provider');
    expect(lines[2]?.fields).to.include({
      withdrawalId: 'w-observed',
      rail: 'ACH',
      provider: 'paypal',
      detail: 'PayPal holds a batch but did not link it',
    });
    expect(JSON.stringify(lines)).not.to.contain(ACCOUNT_NUMBER);
  });

  it('logs a failure learned by a poll', async () => {
    const { rail, lines, clock } = observed();
    const submittedAt = clock.now();
    const submitted = await rail.submit(submission('10.92'));
    clock.advance(60_000);
    const reference = 'reference' in submitted ? submitted.reference : '';
    const status = await rail.status({
      withdrawalId: 'w-observed',
      reference,
      amount: Money.of('10.92'),
      submittedAt,
    });
    expect(status).to.deep.equal({ kind: 'FAILED', reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND });
    expect(lines.map((line) => line.message)).to.deep.equal(['rail failed the payout']);
    expect(lines[0]?.fields).to.include({
      withdrawalId: 'w-observed',
      reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND,
    });
  });

  it('logs a return learned by a poll, after a settlement that logged nothing', async () => {
    const { rail, lines, clock } = observed();
    const submittedAt = clock.now();
    const submitted = await rail.submit(submission('10.98'));
    const query = {
      withdrawalId: 'w-observed',
      reference: 'reference' in submitted ? submitted.reference : '',
      amount: Money.of('10.98'),
      submittedAt,
    };
    // ACH settles after its 5 s delay and is returned one delay later.
    clock.advance(5_000);
    expect((await rail.status(query)).kind).to.equal('SETTLED');
    expect(lines).to.deep.equal([]);
    clock.advance(5_000);
    expect((await rail.status(query)).kind).to.equal('RETURNED');
    expect(lines.map((line) => line.message)).to.deep.equal(['rail returned the payout']);
    expect(lines[0]?.fields).to.include({
      withdrawalId: 'w-observed',
      reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND,
    });
  });

  it('records a call that throws as an error and lets the error through', async () => {
    const calls: RailCall[] = [];
    const broken: PayoutRail = {
      id: 'RTP',
      provider: 'p',
      pollIntervalMs: 1,
      returnWindowMs: 0,
      returnPollIntervalMs: 1,
      submit: () => Promise.reject(new Error('boom')),
      status: () => Promise.reject(new Error('boom')),
    };
    const rail = observedRail(broken, {
      provider: 'p',
      record: (c) => calls.push(c),
      log: { warn: () => {}, error: () => {} },
    });
    let thrown: unknown = null;
    await rail.submit(submission('1.00')).catch((error: unknown) => {
      thrown = error;
    });
    expect((thrown as Error).message).to.equal('boom');
    expect(calls.map((call) => call.outcome)).to.deep.equal(['error']);
  });
});
