import { ManualClock } from '@payout/domain/testing';
import {
  describeRailContract,
  type RailContractScenario,
  type RailWebhookCase,
  steppedCase,
} from '../testing/payout-rail.contract.js';
import { useNock } from '../testing/use-nock.js';
import { ScriptedWise, submission, validationError, type WiseStatus, wiseRail } from './wise-api.fixture.js';
import { signedTransferStateChange, WISE_PUBLIC_KEY_PEM } from './wise-webhook.fixture.js';
import { WiseWebhookVerifier } from './wise-webhook.verifier.js';

/** The statuses Wise moves the scenario's transfer through, one per `advance`. */
const STEPS: Readonly<Partial<Record<RailContractScenario, readonly WiseStatus[]>>> = {
  settles: ['outgoing_payment_sent'],
  declined: ['cancelled', 'cancelled'],
  returned: ['outgoing_payment_sent', 'funds_refunded'],
};

/** Our withdrawal ids are UUIDs, as Wise's customerTransactionId must be: one per scenario. */
const keyOf = (scenario: RailContractScenario): string =>
  `5d1e3c2a-7b4f-4e8d-a9c6-${Buffer.from(scenario).toString('hex').padEnd(12, '0').slice(0, 12)}`;

/** Wise's `transfers#state-change` about the transfer, signed with the (stand-in) Wise key. */
const webhooks: RailWebhookCase = {
  verifier: new WiseWebhookVerifier({ publicKey: WISE_PUBLIC_KEY_PEM, rails: ['SWIFT'] }),
  signed: (reference) => signedTransferStateChange(Number(reference)),
};

function arrange(scenario: RailContractScenario) {
  const wise = new ScriptedWise();
  const clock = new ManualClock();
  if (scenario === 'rejected')
    wise.failNext('recipient', { status: 422, body: validationError('NOT_VALID', 'swiftCode') });
  if (scenario === 'provider-error')
    wise.failNext('transfer', { status: 500, body: { errors: [{ code: 'INTERNAL_ERROR' }] } });
  if (scenario === 'rate-limited')
    wise.failNext('quote', {
      status: 429,
      body: { errors: [{ code: 'TOO_MANY_REQUESTS' }] },
      headers: { 'Retry-After': '2' },
    });
  if (scenario === 'lost-answer') wise.loseNextAnswer('transfer');
  const rail = wiseRail(wise, { clock });
  const sub = submission({ withdrawalId: keyOf(scenario) });
  return steppedCase({
    rail,
    clock,
    submission: sub,
    webhooks,
    steps: STEPS[scenario] ?? [],
    move: (status: WiseStatus) => wise.move(sub.withdrawalId, status),
    payouts: () => wise.created,
  });
}

describe('WiseTransferRail against a scripted Wise', () => {
  useNock();
  describeRailContract('Wise SWIFT', arrange, {
    reportsReturns: 'as a failure',
    rateLimitWaitMs: 2000,
    sendsWebhooks: true,
  });
});
