import { ManualClock } from '@payout/domain/testing';
import { describeRailContract, type RailContractScenario } from '../testing/payout-rail.contract.js';
import { useNock } from '../testing/use-nock.js';
import {
  API_KEY,
  BASE_URL,
  errorBody,
  internationalSubmission,
  ORGANIZATION_ID,
  ORIGINATING_ACCOUNT_ID,
  type OrderState,
  ScriptedModernTreasury,
  submission,
} from './modern-treasury-api.fixture.js';
import type { ModernTreasuryRailId } from './modern-treasury-api.types.js';
import { ModernTreasuryPaymentOrderRail } from './modern-treasury-payment-orders.rail.js';

/** The states Modern Treasury moves the scenario's order through, one per `advance`. */
const STEPS: Readonly<Partial<Record<RailContractScenario, readonly OrderState[]>>> = {
  settles: [{ status: 'completed' }],
  declined: [{ status: 'failed' }, { status: 'failed' }],
  returned: [{ status: 'completed' }, { status: 'returned', returnCode: 'R03' }],
};

function arrangeOn(id: ModernTreasuryRailId) {
  return (scenario: RailContractScenario) => {
    const mt = new ScriptedModernTreasury();
    const clock = new ManualClock();
    if (scenario === 'rejected')
      mt.failNextCreate({
        status: 422,
        body: errorBody(
          'parameter_invalid',
          'Routing number is invalid',
          'receiving_account.routing_details.routing_number',
        ),
      });
    if (scenario === 'provider-error')
      mt.failNextCreate({ status: 500, body: errorBody('internal_server_error', 'Something went wrong') });
    if (scenario === 'rate-limited')
      mt.failNextCreate({
        status: 429,
        body: errorBody('rate_limit_exceeded', 'Too many requests'),
        headers: { 'Retry-After': '2' },
      });
    if (scenario === 'lost-answer') mt.loseNextAnswer();
    const rail = new ModernTreasuryPaymentOrderRail({
      id,
      organizationId: ORGANIZATION_ID,
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      originatingAccountId: ORIGINATING_ACCOUNT_ID,
      clock,
      timeoutMs: 2000,
      fetch: mt.fetch,
    });
    const make = id === 'SWIFT' ? internationalSubmission : submission;
    const sub = make({ withdrawalId: `wd-${scenario}` });
    const steps = [...(STEPS[scenario] ?? [])];
    return {
      rail,
      clock,
      submission: sub,
      advance: () => {
        const next = steps.shift();
        if (next) mt.move(sub.withdrawalId, next);
      },
      payouts: () => mt.created,
    };
  };
}

describe('ModernTreasuryPaymentOrderRail against a scripted Modern Treasury', () => {
  useNock();
  describeRailContract('Modern Treasury ACH', arrangeOn('ACH'), { reportsReturns: true });
  describeRailContract('Modern Treasury RTP', arrangeOn('RTP'), { reportsReturns: false });
  describeRailContract('Modern Treasury WIRE', arrangeOn('WIRE'), { reportsReturns: false });
  describeRailContract('Modern Treasury SWIFT', arrangeOn('SWIFT'), { reportsReturns: false });
});
