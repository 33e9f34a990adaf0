import { Money } from '@payout/domain';
import { expect } from 'chai';
import { eventually } from './support/eventually.js';
import { LedgerProbe, postingsOf } from './support/ledger.probe.js';
import type { ApiAnswer, WithdrawalAnswer } from './support/payout-api.client.js';
import {
  type ServiceWorld,
  startServiceWorld,
  stopServiceWorld,
  withdrawOncePerEntity,
} from './support/service.world.js';

/**
 * ACH settles after 2 s: long enough that a status poll lands between settlement and the .98 return (which comes
 * one settlement delay later), so the SUCCESS before the return is observable; card pushes are instant.
 */
const DELAYS = 'ACH=2000,PUSH_TO_CARD=0';
/** The .99 retry waits for the rail timeout plus a fixed margin; a short timeout keeps the run short. */
const RAIL_TIMEOUT_MS = '500';
const FUNDS = '1000.00';
const SETTLE_TIMEOUT_MS = 25_000;

interface Trigger {
  readonly cents: string;
  readonly httpStatus: number;
  readonly message?: string;
  /** The webhook statuses after PENDING on ACH (which has PROCESSING_PAY_OUT) and on an instant card push. */
  readonly ach: readonly string[];
  readonly card: readonly string[];
  readonly reason: string;
}

const failedAfterProcessing = (reason: string, cents: string): Trigger => ({
  cents,
  httpStatus: 200,
  ach: ['PROCESSING_PAY_OUT', 'FAILED'],
  card: ['FAILED'],
  reason,
});

/** docs/product.md §9. */
const TRIGGERS: readonly Trigger[] = [
  {
    cents: '91',
    httpStatus: 500,
    ach: ['FAILED'],
    card: ['FAILED'],
    reason: 'Payment could not be processed.',
  },
  failedAfterProcessing('Recipient account not found.', '92'),
  failedAfterProcessing('Duplicate transaction detected.', '93'),
  failedAfterProcessing('Transaction declined for compliance reasons.', '94'),
  failedAfterProcessing('Payment could not be processed.', '95'),
  failedAfterProcessing('Your payment could not be processed. Please try a different card.', '96'),
  failedAfterProcessing('Payment was cancelled.', '97'),
  {
    cents: '98',
    httpStatus: 200,
    ach: ['PROCESSING_PAY_OUT', 'SUCCESS', 'FAILED'],
    card: ['SUCCESS', 'FAILED'],
    reason: 'Recipient account not found.',
  },
  {
    cents: '99',
    httpStatus: 200,
    message: 'Payment queued',
    ach: ['PROCESSING_PAY_OUT', 'SUCCESS'],
    card: ['SUCCESS'],
    reason: '',
  },
];

const RAILS = [
  { rail: 'ACH', account: 'bank', fees: '0.25', path: (t: Trigger) => t.ach },
  { rail: 'PUSH_TO_CARD', account: 'card', fees: '0.50', path: (t: Trigger) => t.card },
] as const;

const CASES = TRIGGERS.flatMap((trigger) => RAILS.map((rail) => ({ trigger, ...rail })));

describe('e2e: every sandbox trigger reaches its documented status, reason and ledger state', function () {
  this.timeout(60_000);
  let world: ServiceWorld;
  let answers: ApiAnswer<WithdrawalAnswer>[];

  before(async () => {
    world = await startServiceWorld({
      label: 'e2e_triggers',
      env: { RAIL_DELAYS_MS: DELAYS, RAIL_TIMEOUT_MS },
      entities: CASES.length,
      funds: FUNDS,
    });
    answers = await withdrawOncePerEntity(
      world,
      CASES.map((c) => ({ account: c.account, body: { amount: Number(`20.${c.trigger.cents}`) } })),
    );
  });

  after(() => stopServiceWorld(world));

  for (const [i, c] of CASES.entries()) {
    const statuses = ['PENDING', ...c.path(c.trigger)];
    const final = statuses[statuses.length - 1];
    it(`.${c.trigger.cents} on ${c.rail}: HTTP ${c.trigger.httpStatus}, ${statuses.join(' → ')}${c.trigger.reason ? ` "${c.trigger.reason}"` : ''}`, async () => {
      const { api, receiver, sandbox, database } = world;
      const entity = sandbox.entities[i]!;
      const answer = answers[i]!;
      expect(answer.status, JSON.stringify(answer.body)).to.equal(c.trigger.httpStatus);
      if (c.trigger.message) expect(answer.body.message).to.equal(c.trigger.message);
      const events = await eventually(
        `the .${c.trigger.cents} ${c.rail} withdrawal announced as ${final}`,
        () => {
          const mine = [...receiver.acknowledged().values()]
            .filter((e) => e.eventType === 'WITHDRAWAL' && e.payload.entityId === entity.id)
            .sort((a, b) => a.payload.sequence - b.payload.sequence);
          return mine.length === statuses.length && mine.at(-1)?.status === final ? mine : undefined;
        },
        SETTLE_TIMEOUT_MS,
        () =>
          `Seen: ${JSON.stringify([...receiver.acknowledged().values()].filter((e) => e.payload.entityId === entity.id).map((e) => e.status))}`,
      );
      expect(events.map((e) => e.status)).to.deep.equal(statuses);
      expect(events.map((e) => e.payload.sequence)).to.deep.equal(statuses.map((_, k) => k + 1));
      expect(events.at(-1)!.payload.reason).to.equal(c.trigger.reason);
      const id = events[0]!.payload.transactionId;
      if (answer.body.data) expect(answer.body.data.id).to.equal(id);

      const view = await api.transaction(entity.accessToken, id);
      expect(view.status).to.equal(final);
      expect(view.failureReason).to.equal(c.trigger.reason || null);
      expect(view.history.map((h) => h.status)).to.deep.equal(statuses);

      const total = Money.of(`20.${c.trigger.cents}`).plus(Money.of(c.fees));
      const ledger = new LedgerProbe(database.knex);
      const failed = final === 'FAILED';
      expect(await ledger.balance(entity.walletId), 'balance').to.equal(
        (failed ? Money.of(FUNDS) : Money.of(FUNDS).minus(total)).toString(),
      );
      expect(await ledger.postings(id)).to.deep.equal(
        postingsOf(failed ? 'FAILED' : 'SUCCESS', statuses.includes('SUCCESS')),
      );
      // Only the .98 return says the account cannot receive: its account is marked, and the merchant told.
      const marked = [...receiver.acknowledged().values()].filter(
        (e) => (e.eventType as string) === 'LINKED_ACCOUNT' && e.payload.entityId === entity.id,
      );
      expect(marked.map((e) => e.status)).to.deep.equal(c.trigger.cents === '98' ? ['UNUSABLE'] : []);
    });
  }

  it('every delivery verified with the merchant secret', () => {
    expect(world.receiver.unverified()).to.deep.equal([]);
  });

  it('shuts down gracefully on SIGTERM', async () => {
    expect(await world.service.stop()).to.equal(0);
  });
});
