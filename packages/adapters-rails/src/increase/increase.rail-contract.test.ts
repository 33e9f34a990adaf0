import { ManualClock } from '@payout/domain/testing';
import { describeRailContract, type RailContractScenario } from '../testing/payout-rail.contract.js';
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
import { IncreaseTransferRail } from './increase-transfers.rail.js';

/** The states Increase moves the scenario's transfer through, one per `advance`. */
const STEPS: Readonly<Partial<Record<RailContractScenario, readonly TransferState[]>>> = {
  settles: ['settled'],
  declined: ['declined', 'declined'],
  returned: ['settled', 'returned'],
};

function arrangeOn(id: IncreaseRailId) {
  return (scenario: RailContractScenario) => {
    const increase = new ScriptedIncrease(id);
    const clock = new ManualClock();
    if (scenario === 'rejected')
      increase.failNextCreate({
        status: 400,
        body: errorBody(400, 'invalid_parameters_error', 'Invalid parameters.', {
          errors: [{ field: 'routing_number', message: 'Routing number is not valid.' }],
        }),
      });
    if (scenario === 'provider-error')
      increase.failNextCreate({
        status: 500,
        body: errorBody(500, 'internal_server_error', 'Internal error.'),
      });
    if (scenario === 'rate-limited')
      increase.failNextCreate({
        status: 429,
        body: errorBody(429, 'rate_limited_error', 'Rate limited.', { retry_after: 2 }),
        headers: { 'Retry-After': '2' },
      });
    if (scenario === 'lost-answer') increase.loseNextAnswer();
    const rail = new IncreaseTransferRail({
      id,
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      accountId: ACCOUNT_ID,
      accountNumberId: ACCOUNT_NUMBER_ID,
      clock,
      timeoutMs: 2000,
      fetch: increase.fetch,
    });
    const sub = submission({ withdrawalId: `wd-${scenario}` });
    const steps = [...(STEPS[scenario] ?? [])];
    return {
      rail,
      clock,
      submission: sub,
      advance: () => {
        const next = steps.shift();
        if (next) increase.move(sub.withdrawalId, next);
      },
      payouts: () => increase.created,
    };
  };
}

describe('IncreaseTransferRail against a scripted Increase', () => {
  useNock();
  describeRailContract('Increase ACH', arrangeOn('ACH'), { reportsReturns: true });
  describeRailContract('Increase RTP', arrangeOn('RTP'), { reportsReturns: false });
  describeRailContract('Increase WIRE', arrangeOn('WIRE'), { reportsReturns: false });
});
