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
  errorBody,
  type OrderState,
  railOn,
  ScriptedModernTreasury,
  submissionOn,
} from './modern-treasury-api.fixture.js';
import type { ModernTreasuryRailId } from './modern-treasury-api.types.js';
import { signedPaymentOrderEvent, WEBHOOK_KEY } from './modern-treasury-webhook.fixture.js';
import { ModernTreasuryWebhookVerifier } from './modern-treasury-webhook.verifier.js';

/** The states Modern Treasury moves the scenario's order through, one per `advance`. */
const STEPS: Readonly<Partial<Record<RailContractScenario, readonly OrderState[]>>> = {
  settles: [{ status: 'completed' }],
  declined: [{ status: 'failed' }, { status: 'failed' }],
  returned: [{ status: 'completed' }, { status: 'returned', returnCode: 'R03' }],
};

const FIRST_CREATE: FirstCreateReplies = {
  rejected: {
    status: 422,
    body: errorBody(
      'parameter_invalid',
      'Routing number is invalid',
      'receiving_account.routing_details.routing_number',
    ),
  },
  'provider-error': { status: 500, body: errorBody('internal_server_error', 'Something went wrong') },
  'rate-limited': {
    status: 429,
    body: errorBody('rate_limit_exceeded', 'Too many requests'),
    headers: { 'Retry-After': '2' },
  },
};

/** Modern Treasury's `completed` payment order webhook, signed with the webhook key. */
const webhooks: RailWebhookCase = {
  verifier: new ModernTreasuryWebhookVerifier({
    webhookKey: WEBHOOK_KEY,
    rails: ['ACH', 'RTP', 'WIRE', 'SWIFT'],
  }),
  signed: (reference) => signedPaymentOrderEvent(reference),
};

function arrangeOn(id: ModernTreasuryRailId) {
  return (scenario: RailContractScenario) => {
    const mt = new ScriptedModernTreasury();
    const clock = new ManualClock();
    scriptFirstCreate(mt, scenario, FIRST_CREATE);
    const rail = railOn(id, { clock, fetch: mt.fetch });
    const sub = submissionOn(id, { withdrawalId: `wd-${scenario}` });
    return scriptedCase(mt, { rail, clock, submission: sub, webhooks }, STEPS[scenario] ?? []);
  };
}

describe('ModernTreasuryPaymentOrderRail against a scripted Modern Treasury', () => {
  useNock();
  // A 429's Retry-After of 2 s; webhooks signed as Modern Treasury signs them.
  const provider = { rateLimitWaitMs: 2000, sendsWebhooks: true };
  describeRailContract('Modern Treasury ACH', arrangeOn('ACH'), { reportsReturns: true, ...provider });
  describeRailContract('Modern Treasury RTP', arrangeOn('RTP'), { reportsReturns: false, ...provider });
  describeRailContract('Modern Treasury WIRE', arrangeOn('WIRE'), { reportsReturns: false, ...provider });
  describeRailContract('Modern Treasury SWIFT', arrangeOn('SWIFT'), { reportsReturns: false, ...provider });
  describeRailContract('Modern Treasury PUSH_TO_CARD', arrangeOn('PUSH_TO_CARD'), {
    reportsReturns: false,
    ...provider,
  });
});
