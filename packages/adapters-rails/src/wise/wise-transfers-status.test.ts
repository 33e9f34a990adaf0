import { FAILURE_REASONS, type RailStatus } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import nock from 'nock';
import { useSilentServer } from '../testing/local-servers.js';
import { useNock } from '../testing/use-nock.js';
import {
  API_TOKEN,
  BASE_URL,
  ScriptedWise,
  submission,
  type WiseStatus,
  wiseRail,
} from './wise-api.fixture.js';

const clock = new ManualClock('2026-01-15T12:00:00Z');
const rail = wiseRail(null, { clock, timeoutMs: 500 });
const query = (reference: string) => ({
  withdrawalId: submission().withdrawalId,
  reference,
  amount: submission().amount,
  submittedAt: clock.now(),
});

const EXPECTED: readonly [WiseStatus, RailStatus][] = [
  ['incoming_payment_waiting', { kind: 'PENDING' }],
  ['processing', { kind: 'PROCESSING' }],
  ['funds_converted', { kind: 'PROCESSING' }],
  ['outgoing_payment_sent', { kind: 'SETTLED' }],
  ['bounced_back', { kind: 'PROCESSING' }],
  ['funds_refunded', { kind: 'FAILED', reason: FAILURE_REASONS.GENERAL, code: 'funds_refunded' }],
  ['cancelled', { kind: 'FAILED', reason: FAILURE_REASONS.CANCELLED, code: 'cancelled' }],
];

describe('WiseTransferRail.status', () => {
  useNock();
  const silentUrl = useSilentServer();

  for (const [status, expected] of EXPECTED)
    it(`maps Wise's ${status} to ${expected.kind}`, async () => {
      const wise = new ScriptedWise();
      const submitted = await wiseRail(wise).submit(submission());
      wise.move(submission().withdrawalId, status);
      expect(
        await rail.status(query(submitted.kind === 'ACCEPTED' ? submitted.reference : '')),
      ).to.deep.equal(expected);
    });

  it('leaves charged_back and statuses it does not know to an operator, as UNAVAILABLE', async () => {
    for (const status of ['charged_back', 'unknown', 'some_new_status']) {
      nock(BASE_URL).get('/v1/transfers/50000009').reply(200, { id: 50000009, status });
      const answer = await rail.status(query('50000009'));
      expect(answer.kind, status).to.equal('UNAVAILABLE');
    }
  });

  it('answers a 404, a 5xx and a timeout as UNAVAILABLE, never FAILED', async () => {
    nock(BASE_URL)
      .get('/v1/transfers/1')
      .reply(404, { errors: [{ code: 'NOT_FOUND' }] });
    nock(BASE_URL).get('/v1/transfers/2').reply(502, 'Bad gateway');
    const silent = wiseRail(null, { baseUrl: silentUrl(), timeoutMs: 100 });
    const answers = [
      await rail.status(query('1')),
      await rail.status(query('2')),
      await silent.status(query('3')),
    ];
    expect(answers.map((answer) => answer.kind)).to.deep.equal(['UNAVAILABLE', 'UNAVAILABLE', 'UNAVAILABLE']);
    expect(JSON.stringify(answers[2])).to.include('timed out');
    expect(JSON.stringify(answers)).not.to.include(API_TOKEN);
  });
});
