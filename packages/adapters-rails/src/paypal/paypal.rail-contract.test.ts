import { ManualClock } from '@payout/domain/testing';
import {
  describeRailContract,
  type RailContractScenario,
  steppedCase,
} from '../testing/payout-rail.contract.js';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  errorBody,
  submission,
  usePayPalNock,
} from './paypal-api.fixture.js';
import { PayPalPayoutsRail, type PayPalRailId } from './paypal-payouts.rail.js';
import { ScriptedPayPal } from './paypal-scripted.fixture.js';
import {
  paypalWebhookVerifier,
  scriptVerifyWebhookSignature,
  signedPayoutsItemEvent,
} from './paypal-webhook.fixture.js';

/** The item statuses (and error names) PayPal moves the scenario's payout through, one per `advance`. */
const STEPS: Readonly<Partial<Record<RailContractScenario, readonly [string, string?][]>>> = {
  settles: [['SUCCESS']],
  declined: [
    ['FAILED', 'RECEIVER_UNREGISTERED'],
    ['FAILED', 'RECEIVER_UNREGISTERED'],
  ],
  returned: [['SUCCESS'], ['REFUNDED']],
};

function arrangeOn(id: PayPalRailId) {
  return (scenario: RailContractScenario) => {
    const paypal = new ScriptedPayPal();
    scriptVerifyWebhookSignature();
    const clock = new ManualClock();
    if (scenario === 'rejected')
      paypal.failNextCreate({
        status: 422,
        body: errorBody('VALIDATION_ERROR', [{ field: 'items[0].receiver', issue: 'Receiver is invalid' }]),
      });
    if (scenario === 'provider-error')
      paypal.failNextCreate({ status: 500, body: errorBody('INTERNAL_SERVER_ERROR') });
    if (scenario === 'rate-limited')
      paypal.failNextCreate({
        status: 429,
        body: errorBody('RATE_LIMIT_REACHED'),
        headers: { 'Retry-After': '2' },
      });
    if (scenario === 'lost-answer') paypal.loseNextAnswer();
    const rail = new PayPalPayoutsRail({
      id,
      baseUrl: BASE_URL,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      clock,
      timeoutMs: 2000,
      fetch: paypal.fetch,
    });
    const sub = submission({ withdrawalId: `wd-${scenario}` });
    return steppedCase({
      rail,
      clock,
      submission: sub,
      webhooks: {
        verifier: paypalWebhookVerifier(clock),
        signed: (reference: string) => signedPayoutsItemEvent(reference),
      },
      steps: STEPS[scenario] ?? [],
      move: ([status, errorName]: readonly [string, string?]) =>
        paypal.move(sub.withdrawalId, status, errorName),
      payouts: () => paypal.created,
    });
  };
}

describe('PayPalPayoutsRail against a scripted PayPal', () => {
  usePayPalNock();
  const options = { reportsReturns: true, rateLimitWaitMs: 2000, sendsWebhooks: true };
  describeRailContract('PayPal PAYPAL', arrangeOn('PAYPAL'), options);
  describeRailContract('PayPal VENMO', arrangeOn('VENMO'), options);
});
