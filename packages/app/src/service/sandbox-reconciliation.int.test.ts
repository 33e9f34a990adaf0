import {
  KnexSimulatedPayoutBook,
  migrateLatest,
  runLedgerVerification,
  TimeOrderedUuidGenerator,
} from '@payout/adapters-persistence';
import {
  recordingUnitOfWork,
  type ScratchDatabase,
  scratchDatabase,
} from '@payout/adapters-persistence/testing';
import { createSimulatedRails, SimulatedProviderRecords } from '@payout/adapters-rails';
import {
  createRailRegistry,
  DEFAULT_WITHDRAWAL_SETTINGS,
  DueWithdrawals,
  JsonNumber,
  type LinkKind,
  NO_EXCEPTIONS as NONE,
  type Principal,
  ReconcileProviderDay,
  type ReconciliationRun,
  RequestWithdrawal,
  ResolveReconciliationException,
  type RoutingType,
  type UnitOfWork,
  type WithdrawalFlowDeps,
} from '@payout/domain';
import { ManualClock, seedCustomer } from '@payout/domain/testing';
import { expect } from 'chai';

const DAY = '2026-03-02';
const OPERATOR: Principal = {
  subject: 'ops-1',
  merchantId: null,
  entityId: null,
  scopes: new Set(['operator']),
};
/** Past the simulated provider's settlement window (ten minutes). */
const PAST_THE_WINDOW_MS = 11 * 60_000;

/**
 * The sandbox's reconciliation on PostgreSQL: the simulated rails book what they accept in their own book
 * (`simulated_payouts`), the workers settle the payouts, and `simulated`'s records are reconciled with them.
 */
describe('Reconciling the simulated rails on PostgreSQL', function () {
  this.timeout(120_000);
  let database: ScratchDatabase;
  let unitOfWork: UnitOfWork;
  let deps: WithdrawalFlowDeps;
  let reconcile: ReconcileProviderDay;
  const clock = new ManualClock(`${DAY}T10:00:00.000Z`);
  const ids = new TimeOrderedUuidGenerator();

  before(async () => {
    database = await scratchDatabase('sandbox_reconciliation');
    await migrateLatest(database.knex);
    unitOfWork = recordingUnitOfWork(database.knex);
    const book = new KnexSimulatedPayoutBook(database.knex);
    deps = {
      unitOfWork,
      rails: createRailRegistry(createSimulatedRails({ clock, book })),
      clock,
      ids,
      settings: { ...DEFAULT_WITHDRAWAL_SETTINGS, railTimeoutMs: 1000 },
    };
    reconcile = new ReconcileProviderDay({
      unitOfWork,
      readers: [new SimulatedProviderRecords({ clock, book, pageSize: 3 })],
      clock,
      ids,
    });
  });
  after(async () => {
    await database?.drop();
  });

  /** Withdraws `amount` on each route; returns the withdrawal ids (a refused one has none). */
  async function withdraw(
    ...payouts: Array<{ amount: string; kind?: LinkKind; routingType?: RoutingType }>
  ): Promise<string[]> {
    const made: string[] = [];
    for (const { amount, kind = 'bank', routingType } of payouts) {
      const c = await seedCustomer(unitOfWork, ids, clock.now(), { kind, balance: '1000.00' });
      const result = await new RequestWithdrawal(deps).execute(c.principal, {
        currency: 'USD',
        linkedAccountId: c.accountId,
        body: { amount: JsonNumber.of(amount), walletType: 'SPEND', ...(routingType ? { routingType } : {}) },
      });
      if (result.ok) made.push(result.value.withdrawal.id);
    }
    return made;
  }

  /** Works like the workers, moving the clock to each next check, until nothing is scheduled. */
  async function settleAll(): Promise<void> {
    const due = new DueWithdrawals(deps);
    for (let round = 0; round < 500; round++) {
      const [{ next }] = (await database.knex.raw('SELECT min(next_check_at) AS next FROM withdrawals')).rows;
      if (next === null) return;
      if (next > clock.now()) clock.set(next);
      for (const claimed of await due.claimDue(20)) await due.handle(claimed);
    }
    throw new Error('the withdrawals never stopped being scheduled');
  }

  const run = async (): Promise<ReconciliationRun> => {
    const result = await reconcile.execute('simulated', DAY);
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };

  const exceptionRows = async () =>
    (await database
      .knex('reconciliation_exceptions')
      .select('type', 'withdrawal_id')
      .orderBy('type')) as Array<{
      type: string;
      withdrawal_id: string | null;
    }>;

  it('reconciles a day of ordinary withdrawals, failures and returns included, with no exception', async () => {
    const made = await withdraw(
      { amount: '25.00' },
      { amount: '40.10', routingType: 'RTP' },
      { amount: '13.37', kind: 'card' },
      { amount: '30.00', kind: 'paypal' },
      { amount: '25.92' },
      { amount: '25.98', kind: 'zelle' },
      { amount: '25.99', routingType: 'WIRE' },
      { amount: '25.91' },
    );
    expect(made, 'the .91 is refused at once').to.have.length(7);
    await settleAll();
    clock.advance(PAST_THE_WINDOW_MS);

    const first = await run();

    expect(first).to.deep.include({ records: 7, matched: 7, pending: 0, opened: 0 });
    expect(first.exceptions).to.deep.equal(NONE);
    expect((await runLedgerVerification({ knex: database.knex })).ok).to.equal(true);
  });

  it('opens each trigger’s exception exactly once, and a rerun adds nothing', async () => {
    const [otherAmount, noRecord, secondPayout, lateReturn] = await withdraw(
      { amount: '25.81' },
      { amount: '25.82', routingType: 'RTP' },
      { amount: '25.83', kind: 'card' },
      { amount: '25.84' },
    );
    await settleAll();
    clock.advance(PAST_THE_WINDOW_MS);

    const found = await run();

    expect(found.exceptions).to.deep.equal({
      ...NONE,
      AMOUNT_MISMATCH: 1,
      MISSING_AT_PROVIDER: 1,
      DUPLICATE_AT_PROVIDER: 1,
      LATE_RETURN: 1,
    });
    expect([found.records, found.matched, found.opened]).to.deep.equal([7 + 4, 7, 4]);
    expect(await exceptionRows()).to.deep.equal([
      { type: 'AMOUNT_MISMATCH', withdrawal_id: otherAmount },
      { type: 'DUPLICATE_AT_PROVIDER', withdrawal_id: secondPayout },
      { type: 'LATE_RETURN', withdrawal_id: lateReturn },
      { type: 'MISSING_AT_PROVIDER', withdrawal_id: noRecord },
    ]);

    const again = await run();
    expect(again.exceptions).to.deep.equal(found.exceptions);
    expect(again.opened).to.equal(0);
    expect(await exceptionRows()).to.have.length(4);
    expect((await runLedgerVerification({ knex: database.knex })).ok, 'no exception moved money').to.equal(
      true,
    );
  });

  it('reverses a late return resolved with REVERSE exactly once, and the ledger still verifies', async () => {
    const [late] = await database.knex('reconciliation_exceptions').where({ type: 'LATE_RETURN' });
    const resolve = new ResolveReconciliationException({ unitOfWork, clock, ids });

    const resolved = await resolve.execute(OPERATOR, late.id, {
      action: 'REVERSE',
      reason: 'returned by the bank',
    });
    const twice = await resolve.execute(OPERATOR, late.id, { action: 'REVERSE', reason: 'again' });

    expect(resolved.ok).to.equal(true);
    expect(twice.ok || twice.error.code).to.equal('ILLEGAL_TRANSITION');
    const kinds = (await unitOfWork.read.ledger.entriesForWithdrawal(late.withdrawal_id)).map((e) => e.kind);
    expect(kinds).to.deep.equal([
      'WITHDRAWAL_DEBIT',
      'PAYOUT_SETTLEMENT',
      'SETTLEMENT_RETURN',
      'WITHDRAWAL_REVERSAL',
    ]);
    expect((await unitOfWork.read.withdrawals.findById(late.withdrawal_id))?.status).to.equal('FAILED');
    const verification = await runLedgerVerification({ knex: database.knex });
    expect(verification.ok, verification.report).to.equal(true);
    const [audit] = await database
      .knex('operator_audit_log')
      .where({ action: 'RECONCILIATION_EXCEPTION_RESOLVED' });
    expect(audit).to.deep.include({ actor: 'ops-1', subject_id: late.id });

    const after = await run();
    expect([after.opened, after.matched]).to.deep.equal([0, 8]);
  });
});
