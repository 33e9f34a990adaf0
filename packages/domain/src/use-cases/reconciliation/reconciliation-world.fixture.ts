import { JsonNumber } from '../../money/money.js';
import type {
  ProviderRecord,
  ProviderRecordsPage,
  ProviderRecordsReader,
} from '../../ports/provider-records.port.js';
import type { RailId } from '../../rails/rail-id.js';
import { ScriptedRail } from '../../testing/scripted-rail.js';
import type { Withdrawal } from '../../withdrawal/withdrawal.js';
import { type Customer, WithdrawalWorld } from '../withdrawals/withdrawal-world.fixture.js';
import { DEFAULT_RECONCILIATION_SETTINGS, ReconcileProviderDay } from './reconcile-provider-day.use-case.js';
import { ResolveReconciliationException } from './resolve-exception.use-case.js';

export const PROVIDER = 'bank';
export const DAY = '2026-03-02';
/** The provider's settlement window in these tests. */
export const WINDOW_MS = 3_600_000;

/** A provider's book a test writes: its records, paged by `pageSize`, with unavailable answers queued first. */
class ScriptedRecords implements ProviderRecordsReader {
  readonly provider = PROVIDER;
  readonly records: ProviderRecord[] = [];
  readonly reads: Array<{ readonly day: string; readonly cursor: string | null }> = [];
  private readonly outages: Array<Extract<ProviderRecordsPage, { kind: 'UNAVAILABLE' }>> = [];

  constructor(private readonly pageSize = 2) {}

  /** The next `times` reads answer unavailable, saying to wait `retryAfterMs` if given. */
  failNext(times: number, retryAfterMs?: number): this {
    for (let i = 0; i < times; i++)
      this.outages.push({
        kind: 'UNAVAILABLE',
        detail: `outage ${i + 1}`,
        ...(retryAfterMs ? { retryAfterMs } : {}),
      });
    return this;
  }

  async readPage(day: string, cursor: string | null): Promise<ProviderRecordsPage> {
    this.reads.push({ day, cursor });
    const outage = this.outages.shift();
    if (outage) return outage;
    const ofDay = this.records.filter((r) => r.createdAt.toISOString().startsWith(day));
    const start = cursor === null ? 0 : Number(cursor);
    const next = start + this.pageSize;
    return {
      kind: 'PAGE',
      records: ofDay.slice(start, next),
      next: next < ofDay.length ? String(next) : null,
    };
  }
}

/** The provider's record of `w` as it should be: paid, the same amount, our id echoed. */
export const recordOf = (w: Withdrawal, overrides: Partial<ProviderRecord> = {}): ProviderRecord => ({
  provider: PROVIDER,
  providerId: `tr_${w.id.slice(-6)}`,
  reference: w.id,
  amount: w.amount.toString(),
  currency: 'USD',
  state: 'PAID',
  providerState: 'complete',
  createdAt: w.submittedAt ?? w.createdAt,
  finalAt: w.submittedAt,
  fee: null,
  ...overrides,
});

/**
 * The withdrawal world with one provider (`bank`) serving ACH and ZELLE, its records scripted, and reconciliation
 * and resolution over the same in-memory unit of work, which runs every unit twice.
 */
export class ReconciliationWorld {
  readonly world: WithdrawalWorld;
  readonly book = new ScriptedRecords();
  readonly reconcile: ReconcileProviderDay;
  readonly resolve: ResolveReconciliationException;
  private customer: Customer | null = null;

  constructor() {
    const rails = [new ScriptedRail('ACH', 1000, 0), new ScriptedRail('ZELLE', 1000, 60_000)];
    for (const rail of rails) rail.provider = PROVIDER;
    this.world = new WithdrawalWorld(rails);
    const deps = { unitOfWork: this.world.uow, clock: this.world.clock, ids: this.world.ids };
    this.reconcile = new ReconcileProviderDay({
      ...deps,
      readers: [this.book],
      settings: { ...DEFAULT_RECONCILIATION_SETTINGS, windowsMs: { [PROVIDER]: WINDOW_MS }, batchSize: 2 },
    });
    this.resolve = new ResolveReconciliationException(deps);
  }

  get uow() {
    return this.world.uow;
  }

  /** Requests a withdrawal of `amount` on `rail` and works it until nothing is scheduled. */
  async payout(amount = '100', rail: RailId = 'ACH'): Promise<Withdrawal> {
    const kind = rail === 'ZELLE' ? 'zelle' : 'bank';
    this.customer ??= await this.world.customer({ kind, balance: '10000.00' });
    const c = kind === 'bank' ? this.customer : await this.world.customer({ kind, balance: '10000.00' });
    const result = await this.world.request.execute(c.principal, {
      currency: 'USD',
      linkedAccountId: c.accountId,
      body: { amount: JsonNumber.of(amount), walletType: 'SPEND' },
    });
    if (!result.ok) throw new Error(result.error.message);
    await this.world.runJobs();
    return this.stored(result.value.withdrawal.id);
  }

  stored(id: string): Withdrawal {
    const withdrawal = this.uow.state.withdrawals.get(id);
    if (!withdrawal) throw new Error(`withdrawal ${id} is missing`);
    return withdrawal;
  }

  /** Runs the day, failing the test on an expected failure. */
  async run(day = DAY) {
    const result = await this.reconcile.execute(PROVIDER, day);
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  }

  exceptions() {
    return [...this.uow.state.reconciliationExceptions.values()];
  }

  /** Everything a rerun must leave as it is: the stored records, the exceptions and the ledger. */
  snapshot() {
    return {
      records: [...this.uow.state.providerRecords.values()].map(({ lastReadAt: _read, ...stored }) => stored),
      exceptions: this.exceptions(),
      ledger: this.uow.state.ledger.map((e) => e.id),
      withdrawals: [...this.uow.state.withdrawals.values()].map((w) => [w.id, w.status, w.sequence]),
    };
  }

  kinds(withdrawalId: string): string[] {
    return this.uow.state.ledger.filter((e) => e.withdrawalId === withdrawalId).map((e) => e.kind);
  }
}
