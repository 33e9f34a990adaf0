import { type ScratchDatabase, scratchDatabase } from '@payout/adapters-persistence/testing';
import { Money, type TransactionView } from '@payout/domain';
import { expect } from 'chai';
import { eventually } from './support/eventually.js';
import { LedgerProbe, postingsOf } from './support/ledger.probe.js';
import { PayoutApiClient } from './support/payout-api.client.js';
import { createSandbox, type LinkKind, type Sandbox } from './support/sandbox.fixture.js';
import { ServiceProcess, verifyLedger } from './support/service.process.js';
import { VerifyingWebhookReceiver } from './support/verifying-webhook.receiver.js';

/**
 * Settlement takes seconds, so the kill lands while every withdrawal is still on its way. With Redis, as API and
 * workers apart run in production: the rate limit is shared.
 */
const ENV = {
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  RAIL_DELAYS_MS: 'ACH=3000,RTP=2000,WIRE=2000,SWIFT=3000,PUSH_TO_CARD=0,ZELLE=2000,PAYPAL=2000,VENMO=2000',
  RAIL_TIMEOUT_MS: '500',
  WEBHOOK_RETRY_SCHEDULE_MS: '200,400,800,1600,3200',
};
const FUNDS = '1000.00';
/** docs/product.md §9: a .98 payout settles after its rail's delay and is returned one delay later. */
const LAST_RETURN_MS = 2 * 3000;

interface Planned {
  readonly entity: number;
  readonly account: LinkKind;
  readonly amount: number;
  readonly routingType?: string;
  readonly final: 'SUCCESS' | 'FAILED';
  readonly reason: string | null;
  /** Rail submissions recorded: one by the request itself; three for .99 (unavailable twice). */
  readonly submissions: number;
}

/** A withdrawal's submission state as the killed worker left it. */
interface AtKill {
  readonly submit_attempts: number;
  readonly awaiting: boolean;
}

/**
 * The attempts a withdrawal ends with. An attempt recorded but not answered when the worker died has an unknown
 * outcome, so the restarted worker makes the next one (same idempotency key, next number). The simulated rail
 * answers .99 by attempt number (unavailable for 1 and 2), so only a lost third attempt adds one: a withdrawal
 * still awaiting submission after attempt k ends with max(planned, k + 1); any other ends with what it planned.
 */
const expectedSubmissions = (plan: Planned, killed: AtKill): number =>
  killed.awaiting ? Math.max(plan.submissions, killed.submit_attempts + 1) : plan.submissions;

const ok = (entity: number, account: LinkKind, amount: number, routingType?: string): Planned => ({
  entity,
  account,
  amount,
  routingType,
  final: 'SUCCESS',
  reason: null,
  submissions: amount.toFixed(2).endsWith('.99') ? 3 : 1,
});
const failed = (entity: number, account: LinkKind, amount: number, reason: string, routingType?: string) => ({
  ...ok(entity, account, amount, routingType),
  final: 'FAILED' as const,
  reason,
});
const NOT_FOUND = 'Recipient account not found.';

const PLAN: readonly Planned[] = [
  ok(0, 'bank', 50),
  failed(0, 'bank', 50.98, NOT_FOUND),
  failed(0, 'bank', 50.92, NOT_FOUND, 'RTP'),
  ok(0, 'zelle', 50.99),
  ok(1, 'bank', 50, 'WIRE'),
  ok(1, 'international_bank', 50),
  failed(1, 'paypal', 50.95, 'Payment could not be processed.'),
  ok(1, 'venmo', 50),
  failed(2, 'bank', 50.98, NOT_FOUND, 'RTP'),
  ok(2, 'zelle', 50),
  ok(2, 'card', 50),
  failed(2, 'prepaid_card', 50.97, 'Payment was cancelled.'),
  ok(3, 'bank', 50.99),
  failed(3, 'international_bank', 50.92, NOT_FOUND),
  ok(3, 'paypal', 50),
  failed(3, 'venmo', 50.98, NOT_FOUND),
  // Paid at submission (PUSH_TO_CARD) and without a processing state (ZELLE): watched for the return by the
  // next check alone, which the killed worker may have claimed.
  failed(0, 'card', 50.98, NOT_FOUND),
  failed(1, 'zelle', 50.98, NOT_FOUND),
];

/** Holds the receiver's answers until opened, so the worker is killed with deliveries in flight. */
class Gate {
  private open: (() => void) | null = null;
  private readonly opened = new Promise<void>((resolve) => {
    this.open = resolve;
  });
  private isOpen = false;

  pass = async (): Promise<number> => {
    if (!this.isOpen) await this.opened;
    return 204;
  };

  release(): void {
    this.isOpen = true;
    this.open?.();
  }
}

describe('e2e: API and worker as separate processes; the worker is SIGKILLed mid-settlement', function () {
  this.timeout(90_000);
  const gate = new Gate();
  let database: ScratchDatabase;
  let receiver: VerifyingWebhookReceiver;
  let apiProcess: ServiceProcess;
  let worker: ServiceProcess;
  let api: PayoutApiClient;
  let sandbox: Sandbox;
  let ids: string[];
  let totals: string[];
  let atKill: { inFlight: number; unsettled: number };
  let killedState: Map<string, AtKill>;
  let finals: TransactionView[];

  before(async () => {
    database = await scratchDatabase('e2e_worker_crash');
    receiver = await VerifyingWebhookReceiver.start(gate.pass);
    apiProcess = await ServiceProcess.start('start-api', database.url, ENV);
    worker = await ServiceProcess.start('start-worker', database.url, ENV);
    api = new PayoutApiClient(apiProcess.url);
    sandbox = await createSandbox(apiProcess.url, receiver.url, 4, FUNDS);
    receiver.useSecret(sandbox.webhook.secret);
    const sentAt = Date.now();
    const answers = await Promise.all(
      PLAN.map((p) => {
        const entity = sandbox.entities[p.entity]!;
        return api.withdraw(entity.accessToken, entity.linkedAccounts[p.account], {
          amount: p.amount,
          walletType: 'SPEND',
          ...(p.routingType ? { routingType: p.routingType } : {}),
        });
      }),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).to.equal(200);
    ids = answers.map((a) => a.body.data!.id);
    totals = answers.map((a) => a.body.data!.amount);

    await eventually('the worker delivering webhooks', () => (receiver.held >= 3 ? true : undefined), 10_000);
    const unsettled = await database
      .knex('withdrawals')
      .whereIn('id', ids)
      .whereIn('status', ['PENDING', 'PROCESSING_PAY_OUT'])
      .count<{ count: string }[]>('* as count');
    atKill = { inFlight: receiver.held, unsettled: Number(unsettled[0]!.count) };
    await worker.kill();
    const rows: { id: string; submit_attempts: number; awaiting: boolean }[] = await database
      .knex('withdrawals')
      .whereIn('id', ids)
      .select(
        'id',
        'submit_attempts',
        database.knex.raw("status = 'PENDING' AND debited AND rail_reference IS NULL AS awaiting"),
      );
    killedState = new Map(rows.map((r) => [r.id, r]));
    await eventually(
      "the killed worker's connections closed",
      () => (receiver.openConnections === 0 ? true : undefined),
      5_000,
    );
    gate.release();
    // Down until every payout has settled and every .98 been returned on its rail: the restarted worker learns
    // of both at once. No clock to advance here: the rails run on the processes' system clocks.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, sentAt + LAST_RETURN_MS + 500 - Date.now())),
    );
    worker = await ServiceProcess.start('start-worker', database.url, ENV);

    const merchant = sandbox.merchant.accessToken;
    finals = await eventually(
      'every withdrawal final, with every status change acknowledged',
      async () => {
        const views = await Promise.all(ids.map((id) => api.transaction(merchant, id)));
        const done = views.every(
          (v, i) => v.status === PLAN[i]!.final && receiver.eventsFor(v.id).length === v.history.length,
        );
        return done ? views : undefined;
      },
      60_000,
      () => `Worker output:\n${worker.logTail()}`,
    );
  });

  after(async () => {
    await Promise.all([worker?.stop(), apiProcess?.stop()]);
    await receiver?.close();
    await database?.drop();
  });

  it('was killed with webhook deliveries in flight and withdrawals unsettled', () => {
    expect(atKill.inFlight).to.be.greaterThan(0);
    expect(atKill.unsettled).to.be.greaterThan(PLAN.length / 2);
    expect(
      receiver.deliveries.some((d) => d.answered === 0),
      'a delivery the dead worker never heard back',
    ).to.equal(true);
  });

  it('every withdrawal reached its final state and reason, each status once, numbered without gaps', () => {
    for (const [i, view] of finals.entries()) {
      const plan = PLAN[i]!;
      expect(view.status, `${plan.account} ${plan.amount}`).to.equal(plan.final);
      expect(view.failureReason).to.equal(plan.reason);
      const statuses = view.history.map((h) => h.status);
      expect(new Set(statuses).size, JSON.stringify(statuses)).to.equal(statuses.length);
      expect(view.history.map((h) => h.sequence)).to.deep.equal(statuses.map((_, k) => k + 1));
    }
  });

  it('a .98 payout returned while the worker was down is still announced as SUCCESS, then FAILED', () => {
    const returned = finals.filter((_, i) => PLAN[i]!.amount.toFixed(2).endsWith('.98'));
    expect(returned).to.have.length(5);
    for (const view of returned)
      expect(
        view.history.slice(-2).map((h) => h.status),
        `${view.rail} ${view.amount}`,
      ).to.deep.equal(['SUCCESS', 'FAILED']);
  });

  it('every status change arrived by webhook, signed, in sequence when sorted', () => {
    for (const view of finals) {
      const events = receiver.eventsFor(view.id);
      expect(events.map((e) => e.status)).to.deep.equal(view.history.map((h) => h.status));
      expect(events.map((e) => e.payload.sequence)).to.deep.equal(view.history.map((h) => h.sequence));
    }
    expect(receiver.unverified()).to.deep.equal([]);
  });

  it('no rail submission repeated, no reversal twice, balances exact', async () => {
    const ledger = new LedgerProbe(database.knex);
    for (const [i, id] of ids.entries()) {
      const plan = PLAN[i]!;
      const killed = killedState.get(id)!;
      expect(
        await ledger.submitAttempts(id),
        `${plan.account} ${plan.amount} ${JSON.stringify(killed)}`,
      ).to.equal(expectedSubmissions(plan, killed));
      // A .98 settles, then is returned.
      const settled = plan.final === 'SUCCESS' || plan.amount.toFixed(2).endsWith('.98');
      expect(await ledger.postings(id)).to.deep.equal(postingsOf(plan.final, settled));
    }
    for (const [n, entity] of sandbox.entities.entries()) {
      const paid = Money.sum(
        PLAN.flatMap((p, i) => (p.entity === n && p.final === 'SUCCESS' ? [Money.of(totals[i]!)] : [])),
      );
      expect(await ledger.balance(entity.walletId)).to.equal(Money.of(FUNDS).minus(paid).toString());
    }
  });

  it('`ledger:verify` passes on the database', async () => {
    const { code, output } = await verifyLedger(database.url);
    expect(code, output).to.equal(0);
  });

  it('the restarted worker and the API shut down gracefully on SIGTERM', async () => {
    expect(await Promise.all([worker.stop(), apiProcess.stop()])).to.deep.equal([0, 0]);
  });
});
