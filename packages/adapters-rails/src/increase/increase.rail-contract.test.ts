import { createHmac } from 'node:crypto';
import { ManualClock } from '@payout/domain/testing';
import {
  describeRailContract,
  type RailContractScenario,
  type RailWebhookCase,
} from '../testing/payout-rail.contract.js';
import {
  type FirstCreateReplies,
  scriptedCase,
  scriptFirstCreate,
} from '../testing/scripted-contract-case.js';
import { useNock } from '../testing/use-nock.js';
import {
  ACCOUNT_ID,
  ACCOUNT_NUMBER_ID,
  API_KEY,
  BASE_URL,
  errorBody,
  ScriptedIncrease,
  submission,
  type TransferState,
} from './increase-api.fixture.js';
import type { IncreaseRailId } from './increase-api.types.js';
import { CARD_SENDER, cardSubmission } from './increase-card-push.fixture.js';
import { IncreaseTransferRail } from './increase-transfers.rail.js';
import { IncreaseWebhookVerifier } from './increase-webhook.verifier.js';

/** The states Increase moves the scenario's transfer through, one per `advance`. */
const STEPS: Readonly<Partial<Record<RailContractScenario, readonly TransferState[]>>> = {
  settles: ['settled'],
  declined: ['declined', 'declined'],
  returned: ['settled', 'returned'],
};

const FIRST_CREATE: FirstCreateReplies = {
  rejected: {
    status: 400,
    body: errorBody(400, 'invalid_parameters_error', 'Invalid parameters.', {
      errors: [{ field: 'routing_number', message: 'Routing number is not valid.' }],
    }),
  },
  'provider-error': { status: 500, body: errorBody(500, 'internal_server_error', 'Internal error.') },
  'rate-limited': {
    status: 429,
    body: errorBody(429, 'rate_limited_error', 'Rate limited.', { retry_after: 2 }),
    headers: { 'Retry-After': '2' },
  },
};

const WEBHOOK_SECRET = 'whsec_event_subscription';

/** Increase's `ach_transfer.updated` (or the rail's) Event about `reference`, signed as Increase signs. */
const webhooks: RailWebhookCase = {
  verifier: new IncreaseWebhookVerifier({
    secret: WEBHOOK_SECRET,
    clock: new ManualClock(),
    rails: ['ACH', 'RTP', 'WIRE'],
  }),
  signed: (reference) => {
    const body = JSON.stringify({
      id: `event_${reference}`,
      associated_object_id: reference,
      category: 'transfer.updated',
      created_at: '2026-01-15T12:00:00Z',
      type: 'event',
    });
    const t = '2026-01-15T12:00:01Z';
    const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex');
    return { rawBody: Buffer.from(body), headers: { 'increase-webhook-signature': `t=${t},v1=${v1}` } };
  },
};

function arrangeOn(id: IncreaseRailId) {
  return (scenario: RailContractScenario) => {
    const increase = new ScriptedIncrease(id);
    const clock = new ManualClock();
    scriptFirstCreate(increase, scenario, FIRST_CREATE);
    const rail = new IncreaseTransferRail({
      id,
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      accountId: ACCOUNT_ID,
      accountNumberId: ACCOUNT_NUMBER_ID,
      cardSender: CARD_SENDER,
      clock,
      timeoutMs: 2000,
      fetch: increase.fetch,
    });
    const withdrawal = { withdrawalId: `wd-${scenario}` };
    const sub = id === 'PUSH_TO_CARD' ? cardSubmission(withdrawal) : submission(withdrawal);
    return scriptedCase(increase, { rail, clock, submission: sub, webhooks }, STEPS[scenario] ?? []);
  };
}

describe('IncreaseTransferRail against a scripted Increase', () => {
  useNock();
  // A 429's Retry-After of 2 s; webhooks signed as Increase signs them.
  const provider = { rateLimitWaitMs: 2000, sendsWebhooks: true };
  describeRailContract('Increase ACH', arrangeOn('ACH'), { reportsReturns: true, ...provider });
  describeRailContract('Increase RTP', arrangeOn('RTP'), { reportsReturns: false, ...provider });
  describeRailContract('Increase WIRE', arrangeOn('WIRE'), { reportsReturns: true, ...provider });
  describeRailContract('Increase PUSH_TO_CARD', arrangeOn('PUSH_TO_CARD'), {
    reportsReturns: false,
    ...provider,
  });
});
