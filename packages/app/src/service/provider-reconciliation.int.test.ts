import {
  KnexRailStepStore,
  migrateLatest,
  runLedgerVerification,
  TimeOrderedUuidGenerator,
} from '@payout/adapters-persistence';
import {
  recordingUnitOfWork,
  type ScratchDatabase,
  scratchDatabase,
} from '@payout/adapters-persistence/testing';
import {
  DEFAULT_WITHDRAWAL_SETTINGS,
  DueWithdrawals,
  type ExceptionCounts,
  JsonNumber,
  type LinkKind,
  NO_EXCEPTIONS,
  type ProviderRecordsPage,
  type ProviderRecordsReader,
  ReconcileProviderDay,
  type ReconciliationExceptionType,
  RequestWithdrawal,
  type RoutingType,
  type UnitOfWork,
  type WithdrawalFlowDeps,
} from '@payout/domain';
import { LINK_BODIES, ManualClock, seedCustomer } from '@payout/domain/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { providerRecordsReadersFor } from '../container/provider-records.binding.js';
import { railsFor } from '../container/rails.binding.js';
import { FakeIncrease } from '../e2e/support/fake-increase.server.js';
import { FakeModernTreasury, ORIGINATING_ACCOUNT_ID } from '../e2e/support/fake-modern-treasury.server.js';
import { FakePayPal } from '../e2e/support/fake-paypal.server.js';
import { FakeWise } from '../e2e/support/fake-wise.server.js';
import type { FakeAnswer, JsonFakeServer } from '../e2e/support/json-fake.server.js';

/** The fakes create every payout of theirs on this day. */
const DAY = '2026-01-15';
/** The next morning: inside every provider's settlement window, some rails' return watches still running. */
const NEXT_MORNING = '2026-01-16T06:00:00.000Z';
/** A PayPal refund of a payout whose 30-day return watch had ended. */
const REFUND_DAY = '2026-03-01';
/** Past every provider's settlement window and every rail's return watch. */
const RECONCILED_AT = '2026-03-20T06:00:00.000Z';

/** One of our payouts the provider took: the withdrawal, the provider's reference of it, its amount. */
interface Payout {
  readonly id: string;
  readonly reference: string;
  readonly amount: string;
}

/** A paid payout's record put in the provider's book: of one of our payouts, or (`payout` null) of none of ours. */
interface Booking {
  readonly payout: Payout | null;
  /** Another record of the same payout, under an id of its own. */
  readonly second?: true;
  readonly amount: string;
}

/** A provider's fake, and how the test scripts what the provider does and lists. */
interface ProviderSide {
  readonly fake: JsonFakeServer;
  readonly env: Record<string, string>;
  /**
   * Its lists show the payouts the service made through it, as they stand (Increase's transfers, Modern
   * Treasury's payment orders); PayPal's and Wise's fakes list only what a test put in their book.
   */
  readonly listsWhatItMade: boolean;
  /** The provider pays or fails the payout, for our worker's next poll to find. */
  end(payout: Payout, outcome: 'paid' | 'failed'): Promise<void>;
  /** Puts paid payouts in its list of the day they were made; one of a payout it lists already takes its place. */
  book(bookings: readonly Booking[]): void;
  /** Its lists show no record of the payout. */
  unlist(payout: Payout): void;
  /** It books the payout's money back, after our return watch ended; absent where it cannot report one. */
  returnLate?(payout: Payout): Promise<void>;
  /** How it answers a list while it is down. */
  readonly outage: FakeAnswer;
}

interface ProviderCase {
  readonly provider: 'increase' | 'modern_treasury' | 'paypal' | 'wise';
  readonly rails: string;
  readonly link: { readonly kind: LinkKind; readonly routingType?: RoutingType };
  /** The days its records of the payouts are listed under: a PayPal refund is listed on the day it was made. */
  readonly days: readonly string[];
  /**
   * The payouts whose records agree once every window passed: the three ordinary ones, and any the late return
   * leaves paid on its day.
   */
  readonly matched: number;
  start(): Promise<ProviderSide>;
}

const cents = (amount: string): number => Number(amount.replace('.', ''));
const at = (time: string) => `${DAY}T${time}Z`;

const CASES: readonly ProviderCase[] = [
  {
    provider: 'increase',
    rails: 'ACH=increase',
    link: { kind: 'bank' },
    days: [DAY],
    matched: 3,
    async start() {
      const increase = await FakeIncrease.start();
      increase.pageSize = 3;
      const simulate = (payout: Payout, what: 'settle' | 'return') =>
        fetch(`${increase.url}/simulations/ach_transfers/${payout.reference}/${what}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
      let made = 0;
      return {
        fake: increase,
        env: {
          INCREASE_API_KEY: 'secret_key_local_fake',
          INCREASE_BASE_URL: increase.url,
          INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
          INCREASE_ACCOUNT_NUMBER_ID: 'account_number_v18nkfqm6afpsrvy82b2',
        },
        listsWhatItMade: true,
        end: async (payout, outcome) => {
          await simulate(payout, outcome === 'paid' ? 'settle' : 'return');
        },
        book: (bookings) =>
          increase.book(
            ...bookings.map((b) => ({
              rail: 'ACH' as const,
              id: b.payout && !b.second ? b.payout.reference : `ach_transfer_booked_${++made}`,
              idempotencyKey: b.payout?.id ?? null,
              amount: cents(b.amount),
              createdAt: at('12:00:00'),
              outcome: 'paid' as const,
              finalAt: at('18:30:00'),
            })),
          ),
        unlist: (payout) => increase.unlist(payout.reference),
        returnLate: async (payout) => {
          await simulate(payout, 'return');
        },
        outage: [
          503,
          { status: 503, type: 'internal_server_error', title: 'Unavailable' },
          { 'retry-after': '7' },
        ],
      };
    },
  },
  {
    provider: 'modern_treasury',
    rails: 'RTP=modern_treasury',
    link: { kind: 'bank', routingType: 'RTP' },
    days: [DAY],
    matched: 3,
    async start() {
      const mt = await FakeModernTreasury.start('mt_webhook_key');
      mt.pageSize = 3;
      let made = 0;
      return {
        fake: mt,
        env: {
          MODERN_TREASURY_API_KEY: 'live-local-fake',
          MODERN_TREASURY_ORGANIZATION_ID: 'org_local',
          MODERN_TREASURY_BASE_URL: mt.url,
          MODERN_TREASURY_ORIGINATING_ACCOUNT_ID: ORIGINATING_ACCOUNT_ID,
        },
        listsWhatItMade: true,
        end: async (payout, outcome) =>
          mt.move(payout.reference, outcome === 'paid' ? 'completed' : 'failed'),
        book: (bookings) =>
          mt.book(
            ...bookings.map((b) => ({
              id:
                b.payout && !b.second
                  ? b.payout.reference
                  : `0f8e3719-3dfd-4613-9bbf-b00c${String(++made).padStart(8, '0')}`,
              withdrawalId: b.payout?.id ?? null,
              amount: cents(b.amount),
              createdAt: at('12:00:00'),
              status: 'completed',
            })),
          ),
        unlist: (payout) => mt.unlist(payout.reference),
        returnLate: async (payout) => mt.move(payout.reference, 'returned'),
        outage: [
          429,
          { errors: { code: 'rate_limited', message: 'Too many requests', parameter: '' } },
          { 'retry-after': '2' },
        ],
      };
    },
  },
  {
    provider: 'paypal',
    rails: 'PAYPAL=paypal',
    link: { kind: 'paypal' },
    days: [DAY, REFUND_DAY],
    // The refunded payout's payment agrees on the day it was paid; its refund's day finds the late return.
    matched: 4,
    async start() {
      const paypal = await FakePayPal.start();
      paypal.pageSize = 3;
      let made = 0;
      const transactionId = () => `5TY05013RG0${String(++made).padStart(6, '0')}`;
      /** The transaction id of each payout's payment, by withdrawal. */
      const payments = new Map<string, string>();
      return {
        fake: paypal,
        listsWhatItMade: false,
        env: {
          PAYPAL_BASE_URL: paypal.url,
          PAYPAL_CLIENT_ID: 'client_local',
          PAYPAL_CLIENT_SECRET: 'secret_local',
        },
        end: async (payout, outcome) =>
          paypal.move(payout.reference, outcome === 'paid' ? 'SUCCESS' : 'FAILED'),
        book: (bookings) => {
          for (const b of bookings) {
            // A payout item's payment carries our withdrawal id in its custom field, with PayPal's fee.
            const id = transactionId();
            if (b.payout && !b.second) payments.set(b.payout.id, id);
            paypal.book({
              id,
              eventCode: 'T0001',
              status: 'S',
              amount: `-${b.amount}`,
              initiatedAt: at('12:00:00'),
              updatedAt: at('12:00:05'),
              fee: '-0.25',
              ...(b.payout ? { customField: b.payout.id } : {}),
            });
          }
        },
        // A payout never booked has no record.
        unlist: () => {},
        // A refund is a transaction of its own on the day it is made, naming the payment and not our id.
        returnLate: async (payout) =>
          paypal.book({
            id: transactionId(),
            eventCode: 'T1115',
            status: 'S',
            amount: payout.amount,
            initiatedAt: `${REFUND_DAY}T09:00:00Z`,
            referenceId: payments.get(payout.id) as string,
          }),
        outage: [503, { name: 'SERVICE_UNAVAILABLE', message: 'Try later' }, { 'retry-after': '30' }],
      };
    },
  },
  {
    provider: 'wise',
    rails: 'SWIFT=wise',
    link: { kind: 'international_bank' },
    days: [DAY],
    // Wise reports no return (a bounce ends in funds_refunded, FAILED): the payout meant to come back stays paid.
    matched: 4,
    async start() {
      const wise = await FakeWise.start();
      let made = 60_000_000;
      const transfer = (
        id: number,
        reference: string | null,
        amount: string,
        status: string,
        created: string,
      ) => ({
        id,
        customerTransactionId: reference,
        status,
        created,
        sourceValue: Number(amount),
        targetValue: Number(amount),
      });
      // Wise pages by 100: other transfers of the profile's, called off, fill the first page of the day.
      wise.book(
        ...Array.from({ length: 101 }, (_, n) =>
          transfer(70_000_000 + n, null, '5.00', 'cancelled', '2026-01-15 13:00:00'),
        ),
      );
      return {
        fake: wise,
        env: { WISE_API_TOKEN: 'token_local', WISE_PROFILE_ID: '16313153', WISE_BASE_URL: wise.url },
        listsWhatItMade: false,
        end: async (payout, outcome) => {
          const status = outcome === 'paid' ? 'outgoing_payment_sent' : 'funds_refunded';
          await fetch(`${wise.url}/v1/simulation/transfers/${payout.reference}/${status}`);
        },
        book: (bookings) =>
          wise.book(
            ...bookings.map((b) =>
              transfer(
                b.payout && !b.second ? Number(b.payout.reference) : ++made,
                b.payout?.id ?? null,
                b.amount,
                'outgoing_payment_sent',
                '2026-01-15 12:00:00',
              ),
            ),
          ),
        unlist: () => {},
        outage: [
          503,
          { errors: [{ code: 'SERVICE_UNAVAILABLE', message: 'Try again later', path: '', arguments: [] }] },
          { 'retry-after': '4' },
        ],
      };
    },
  },
];

/** Refuses the first read of a page after the first with the provider's outage, once; notes every page read. */
class OutageOnSecondPage implements ProviderRecordsReader {
  /** `day cursor` of each read. */
  readonly pages: string[] = [];
  private refused = false;

  constructor(
    private readonly reader: ProviderRecordsReader,
    private readonly side: ProviderSide,
  ) {}

  get provider(): string {
    return this.reader.provider;
  }

  readPage(day: string, cursor: string | null): Promise<ProviderRecordsPage> {
    if (cursor !== null && !this.refused) {
      this.refused = true;
      this.side.fake.refuseNext(this.side.outage);
    }
    this.pages.push(`${day} ${cursor}`);
    return this.reader.readPage(day, cursor);
  }
}

/**
 * Each real provider's records reconciled end to end on PostgreSQL: withdrawals paid through the provider's rails
 * (its local fake, which checks every request against the provider's definition), the provider's own records of
 * them in its list over several pages, and one scripted discrepancy of each kind, each of which becomes its
 * exception exactly once; a rerun adds nothing, and a page refused by an outage is read again.
 */
describe('Reconciling each real provider’s records against its local fake, on PostgreSQL', function () {
  this.timeout(180_000);
  let database: ScratchDatabase;
  let unitOfWork: UnitOfWork;
  let deps: WithdrawalFlowDeps;
  let reconcile: ReconcileProviderDay;
  const sides = new Map<string, ProviderSide>();
  const readers = new Map<string, OutageOnSecondPage>();
  const clock = new ManualClock(at('10:00:00'));
  const ids = new TimeOrderedUuidGenerator();
  /** Each provider's payouts, by the part they play. */
  const payouts = new Map<string, Record<Role, Payout>>();

  before(async () => {
    database = await scratchDatabase('provider_reconciliation');
    await migrateLatest(database.knex);
    unitOfWork = recordingUnitOfWork(database.knex);
    for (const c of CASES) sides.set(c.provider, await c.start());
    const config = configFor({
      APP_ENV: 'test',
      RAILS: CASES.map((c) => c.rails).join(','),
      ...Object.assign({}, ...[...sides.values()].map((side) => side.env)),
    });
    deps = {
      unitOfWork,
      rails: railsFor(config, { clock, steps: new KnexRailStepStore(database.knex) }),
      clock,
      ids,
      settings: { ...DEFAULT_WITHDRAWAL_SETTINGS, railTimeoutMs: 2000 },
    };
    for (const reader of providerRecordsReadersFor(config, clock)) {
      const side = sides.get(reader.provider);
      if (side) readers.set(reader.provider, new OutageOnSecondPage(reader, side));
    }
    expect([...readers.keys()]).to.have.members(CASES.map((c) => c.provider));
    reconcile = new ReconcileProviderDay({ unitOfWork, readers: [...readers.values()], clock, ids });

    for (const c of CASES) payouts.set(c.provider, await payoutsOn(c));
    for (const c of CASES) {
      const side = sides.get(c.provider) as ProviderSide;
      const p = payouts.get(c.provider) as Record<Role, Payout>;
      for (const role of ROLES) await side.end(p[role], role === 'failedHere' ? 'failed' : 'paid');
    }
    await settleAll(NEXT_MORNING);
    for (const c of CASES) {
      const side = sides.get(c.provider) as ProviderSide;
      const p = payouts.get(c.provider) as Record<Role, Payout>;
      const paid = (payout: Payout, amount = payout.amount): Booking => ({ payout, amount });
      const asPaid = [p.ordinary1, p.ordinary2, p.ordinary3, p.twice, p.lateReturn].map((payout) =>
        paid(payout),
      );
      side.book([
        ...(side.listsWhatItMade ? [] : asPaid),
        paid(p.otherAmount, '14.10'),
        { ...paid(p.twice), second: true },
        paid(p.failedHere),
        { payout: null, amount: '42.00' },
      ]);
      side.unlist(p.noRecord);
    }
  });

  after(async () => {
    for (const side of sides.values()) await side.fake.close();
    await database?.drop();
  });

  /** Withdraws one payout per role on the provider's rail and waits until the provider has taken each. */
  async function payoutsOn(c: ProviderCase): Promise<Record<Role, Payout>> {
    const made: Partial<Record<Role, Payout>> = {};
    for (const [n, role] of ROLES.entries()) {
      const amount = `${11 + n}.00`;
      const linked =
        c.link.kind === 'bank' ? undefined : (LINK_BODIES[c.link.kind].data as Record<string, unknown>);
      const destination =
        linked && Object.fromEntries(Object.entries(linked).map(([k, v]) => [k, String(v)]));
      const customer = await seedCustomer(unitOfWork, ids, clock.now(), {
        kind: c.link.kind,
        ...(destination ? { destination } : {}),
      });
      const requested = await new RequestWithdrawal(deps).execute(customer.principal, {
        currency: 'USD',
        linkedAccountId: customer.accountId,
        body: {
          amount: JsonNumber.of(amount),
          walletType: 'SPEND',
          ...(c.link.routingType ? { routingType: c.link.routingType } : {}),
        },
      });
      if (!requested.ok) throw new Error(`${c.provider}: ${requested.error.message}`);
      const id = requested.value.withdrawal.id;
      const stored = await unitOfWork.read.withdrawals.findById(id);
      if (!stored?.railReference || stored.railProvider !== c.provider)
        throw new Error(`${c.provider} did not take withdrawal ${id} (${stored?.status})`);
      made[role] = { id, reference: stored.railReference, amount };
    }
    return made as Record<Role, Payout>;
  }

  /**
   * Works like the workers, moving the clock to each next check, until nothing is scheduled before `until` (or at
   * all); the clock is then at `until`.
   */
  async function settleAll(until: string): Promise<void> {
    const due = new DueWithdrawals(deps);
    for (let round = 0; round < 2000; round++) {
      const [{ next }] = (await database.knex.raw('SELECT min(next_check_at) AS next FROM withdrawals')).rows;
      if (next === null || next.getTime() > Date.parse(until)) {
        clock.set(until);
        return;
      }
      if (next > clock.now()) clock.set(next);
      for (const claimed of await due.claimDue(50)) await due.handle(claimed);
    }
    throw new Error('the withdrawals never stopped being scheduled');
  }

  const exceptionRows = async (provider: string) =>
    (await database
      .knex('reconciliation_exceptions')
      .where({ provider })
      .select('type', 'withdrawal_id')
      .orderBy('type')) as Array<{ type: ReconciliationExceptionType; withdrawal_id: string | null }>;

  /** Each of the provider's days reconciled once: what the runs found, summed. */
  async function reconcileDays(provider: string, days: readonly string[]) {
    const sum = {
      records: 0,
      matched: 0,
      pending: 0,
      opened: 0,
      exceptions: { ...NO_EXCEPTIONS } as Record<ReconciliationExceptionType, number>,
    };
    for (const day of days) {
      const result = await reconcile.execute(provider, day);
      if (!result.ok) throw new Error(result.error.message);
      const run = result.value;
      sum.records += run.records;
      sum.matched += run.matched;
      sum.pending += run.pending;
      sum.opened += run.opened;
      for (const [type, count] of Object.entries(run.exceptions))
        sum.exceptions[type as ReconciliationExceptionType] += count;
    }
    return sum;
  }

  const found = (counts: Partial<ExceptionCounts>): ExceptionCounts => ({ ...NO_EXCEPTIONS, ...counts });

  for (const c of CASES)
    it(`${c.provider}, the next morning: each discrepancy found but the payout without a record, pending inside the window; an outage page read again`, async () => {
      const p = payouts.get(c.provider) as Record<Role, Payout>;

      const early = await reconcileDays(c.provider, [DAY]);

      expect(early.exceptions).to.deep.equal(
        found({ AMOUNT_MISMATCH: 1, UNKNOWN_AT_PROVIDER: 1, DUPLICATE_AT_PROVIDER: 1, STATUS_MISMATCH: 1 }),
      );
      expect([early.opened, early.pending], 'opened, pending').to.deep.equal([4, 1]);
      // The three ordinary payouts and the one not returned yet.
      expect(early.matched).to.equal(4);
      expect(await exceptionRows(c.provider)).to.deep.equal([
        { type: 'AMOUNT_MISMATCH', withdrawal_id: p.otherAmount.id },
        { type: 'DUPLICATE_AT_PROVIDER', withdrawal_id: p.twice.id },
        { type: 'STATUS_MISMATCH', withdrawal_id: p.failedHere.id },
        { type: 'UNKNOWN_AT_PROVIDER', withdrawal_id: null },
      ]);
      const { pages } = readers.get(c.provider) as OutageOnSecondPage;
      expect(new Set(pages).size, 'pages of the day').to.be.at.least(2);
      expect(pages.length, 'the refused page read again, once').to.equal(new Set(pages).size + 1);
    });

  describe('once every settlement window and return watch has passed', () => {
    before(async () => {
      await settleAll(RECONCILED_AT);
      const [{ watched }] = (
        await database.knex.raw(
          'SELECT count(*)::int AS watched FROM withdrawals WHERE next_check_at IS NOT NULL',
        )
      ).rows;
      expect(watched, 'every return watch ended').to.equal(0);
      for (const c of CASES) {
        const p = payouts.get(c.provider) as Record<Role, Payout>;
        await sides.get(c.provider)?.returnLate?.(p.lateReturn);
      }
    });

    for (const c of CASES)
      it(`${c.provider}: the payout without a record is missing and a return is late, each once; a rerun adds nothing`, async () => {
        const p = payouts.get(c.provider) as Record<Role, Payout>;
        const reportsReturns = sides.get(c.provider)?.returnLate !== undefined;
        const expected = found({
          AMOUNT_MISMATCH: 1,
          MISSING_AT_PROVIDER: 1,
          UNKNOWN_AT_PROVIDER: 1,
          DUPLICATE_AT_PROVIDER: 1,
          STATUS_MISMATCH: 1,
          LATE_RETURN: reportsReturns ? 1 : 0,
        });

        const late = await reconcileDays(c.provider, c.days);

        expect(late.exceptions).to.deep.equal(expected);
        expect([late.opened, late.pending, late.matched]).to.deep.equal([
          reportsReturns ? 2 : 1,
          0,
          c.matched,
        ]);
        const rows = await exceptionRows(c.provider);
        expect(rows).to.deep.equal([
          { type: 'AMOUNT_MISMATCH', withdrawal_id: p.otherAmount.id },
          { type: 'DUPLICATE_AT_PROVIDER', withdrawal_id: p.twice.id },
          ...(reportsReturns ? [{ type: 'LATE_RETURN', withdrawal_id: p.lateReturn.id }] : []),
          { type: 'MISSING_AT_PROVIDER', withdrawal_id: p.noRecord.id },
          { type: 'STATUS_MISMATCH', withdrawal_id: p.failedHere.id },
          { type: 'UNKNOWN_AT_PROVIDER', withdrawal_id: null },
        ]);

        const again = await reconcileDays(c.provider, c.days);

        expect(again.exceptions).to.deep.equal(expected);
        expect([again.opened, again.records]).to.deep.equal([0, late.records]);
        expect(await exceptionRows(c.provider)).to.deep.equal(rows);
      });

    it('moved no money for any exception: the ledger, the providers’ fees included, still verifies', async () => {
      const verification = await runLedgerVerification({ knex: database.knex });
      expect(verification.ok, verification.report).to.equal(true);
    });
  });
});

/** The part each payout plays in the provider's records. */
const ROLES = [
  'ordinary1',
  'ordinary2',
  'ordinary3',
  'otherAmount',
  'noRecord',
  'twice',
  'failedHere',
  'lateReturn',
] as const;
type Role = (typeof ROLES)[number];
