import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Work waiting for a worker: rows whose time has come and that no worker holds (see `payout_work_due`). */
export interface WorkDue {
  readonly queue: string;
  readonly count: number;
  /** Seconds since the oldest due row fell due; 0 when none is. */
  readonly oldestAgeSeconds: number;
}

/** The database pool's connections as its pool counts them. */
export interface PoolUsage {
  readonly used: number;
  readonly free: number;
  /** Callers waiting for a connection. */
  readonly waiting: number;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A scrape asks both work-due gauges; one query answers them, reused for this long. */
/** One provider's stored balance, as the scrape reports it. */
export interface ProviderBalanceSample {
  readonly provider: string;
  readonly available: number;
  readonly readAtSeconds: number;
}

/** The open reconciliation exceptions of one provider and type, as the scrape reports them. */
export interface ReconciliationExceptionsSample {
  readonly provider: string;
  readonly type: string;
  readonly count: number;
  readonly oldestOpenSeconds: number;
}

const WORK_DUE_REUSE_MS = 1_000;

/**
 * `source` read once for the gauges of one scrape (reads within WORK_DUE_REUSE_MS share the first); a failed read is
 * no rows, so that the scrape still answers.
 */
function oneReadPerScrape<T>(source: () => Promise<readonly T[]>): () => Promise<readonly T[]> {
  let last: { at: number; rows: Promise<readonly T[]> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > WORK_DUE_REUSE_MS) last = { at: now, rows: source().catch(() => []) };
    return last.rows;
  };
}

/**
 * Every `payout_` metric of one process, on a registry of its own (the process's default metrics included, with
 * the same prefix). The labels are closed sets (rails, statuses, outcomes, route patterns), never ids, so a
 * series cannot be created per withdrawal or per token.
 */
export class PayoutMetrics {
  readonly registry = new Registry();
  private readonly registers = [this.registry];

  readonly httpRequests = new Counter({
    name: 'payout_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: this.registers,
  });
  readonly httpDuration = new Histogram({
    name: 'payout_http_request_duration_seconds',
    help: 'Time from a request arriving to its response finished, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: this.registers,
  });
  readonly withdrawalsCreated = new Counter({
    name: 'payout_withdrawals_created_total',
    help: 'Withdrawals created (committed), by rail and the status they were created in',
    labelNames: ['rail', 'status'] as const,
    registers: this.registers,
  });
  readonly withdrawalsFinished = new Counter({
    name: 'payout_withdrawals_finished_total',
    help: 'Withdrawals that reached SUCCESS or FAILED (committed), by rail and status; a return counts as FAILED',
    labelNames: ['rail', 'status'] as const,
    registers: this.registers,
  });
  readonly withdrawalsAcceptedAfterFailing = new Counter({
    name: 'payout_withdrawals_accepted_after_failing_total',
    help: 'Payouts a rail accepted after the withdrawal had ended FAILED with its debit reversed, by rail: reconcile each',
    labelNames: ['rail'] as const,
    registers: this.registers,
  });
  readonly webhookDeliveries = new Counter({
    name: 'payout_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome',
    labelNames: ['outcome'] as const,
    registers: this.registers,
  });
  readonly webhookDuration = new Histogram({
    name: 'payout_webhook_delivery_duration_seconds',
    help: 'Time a webhook delivery attempt took, by outcome',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: this.registers,
  });
  readonly railCalls = new Counter({
    name: 'payout_rail_calls_total',
    help: 'Calls to payout rails, by provider, rail, operation (submit, status) and outcome',
    labelNames: ['provider', 'rail', 'operation', 'outcome'] as const,
    registers: this.registers,
  });
  readonly railDuration = new Histogram({
    name: 'payout_rail_call_duration_seconds',
    help: 'Time a call to a payout rail took, by provider, rail, operation and outcome',
    labelNames: ['provider', 'rail', 'operation', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: this.registers,
  });
  readonly ledgerProblems = new Gauge({
    name: 'payout_ledger_problems',
    help: 'Unbalanced posting sets and wallets whose balance differs from their postings, at the last scheduled ledger verification this process ran',
    registers: this.registers,
  });
  readonly ledgerVerifiedAt = new Gauge({
    name: 'payout_ledger_verified_timestamp_seconds',
    help: 'When this process last completed a scheduled ledger verification (Unix time; 0: never)',
    registers: this.registers,
  });
  readonly rateLimiterFallbacks = new Counter({
    name: 'payout_rate_limiter_fallbacks_total',
    help: 'Rate-limit decisions taken in process because Redis failed, was not ready or was slow',
    registers: this.registers,
  });
  readonly readRoutes = new Counter({
    name: 'payout_read_routes_total',
    help: 'Reads a read replica may serve, by route: replica, or the primary because of a recent-write, replica-behind, replica-failed or not-found',
    labelNames: ['route'] as const,
    registers: this.registers,
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'payout_' });
  }

  /**
   * `payout_work_due{queue}` and `payout_work_due_oldest_age_seconds{queue}`, read from `source` at scrape time.
   * A failed read leaves them out of that scrape rather than failing it: the other metrics still matter most
   * when the database is in trouble.
   */
  observeWorkDue(source: () => Promise<readonly WorkDue[]>): void {
    const rows = oneReadPerScrape(source);
    const gauge = (name: string, help: string, value: (row: WorkDue) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['queue'] as const,
        registers: this.registers,
        async collect() {
          this.reset();
          for (const row of await rows()) this.set({ queue: row.queue }, value(row));
        },
      });
    gauge('payout_work_due', 'Rows due now that no worker holds, by queue', (row) => row.count);
    gauge(
      'payout_work_due_oldest_age_seconds',
      'How long the oldest due row has waited, by queue (0 when none is due)',
      (row) => row.oldestAgeSeconds,
    );
  }

  /**
   * `payout_submissions_unresolved{rail}`: debited withdrawals no rail has accepted after many attempts, read from
   * `source` at scrape time; left out of a scrape whose read failed.
   */
  observeUnresolvedSubmissions(source: () => Promise<readonly { rail: string; count: number }[]>): void {
    new Gauge({
      name: 'payout_submissions_unresolved',
      help: 'Debited withdrawals that no rail has accepted after 30 submission attempts or more, by rail: check them with the provider',
      labelNames: ['rail'] as const,
      registers: this.registers,
      async collect() {
        this.reset();
        for (const row of await source().catch(() => [])) this.set({ rail: row.rail }, row.count);
      },
    });
  }

  /**
   * `payout_provider_balance{provider}` and `payout_provider_balance_read_timestamp_seconds{provider}`: each
   * provider's latest balance as stored by the scheduled read, read from `source` at scrape time (so every worker
   * reports the same one); `payout_provider_balance_floor{provider}`: the configured floor, under which the alert
   * fires. A failed read leaves the first two out of that scrape.
   */
  observeProviderBalances(
    source: () => Promise<readonly ProviderBalanceSample[]>,
    floors: Readonly<Record<string, number>>,
  ): void {
    const rows = oneReadPerScrape(source);
    const gauge = (name: string, help: string, value: (row: ProviderBalanceSample) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['provider'] as const,
        registers: this.registers,
        async collect() {
          this.reset();
          for (const row of await rows()) this.set({ provider: row.provider }, value(row));
        },
      });
    gauge(
      'payout_provider_balance',
      "A provider's available balance for payouts, in dollars",
      (r) => r.available,
    );
    gauge(
      'payout_provider_balance_read_timestamp_seconds',
      'When that balance was read from the provider (seconds since the epoch): an old one means it did not answer',
      (r) => r.readAtSeconds,
    );
    const floor = new Gauge({
      name: 'payout_provider_balance_floor',
      help: "The balance under which a provider's funds are too low (INCREASE_BALANCE_FLOOR and kin), in dollars",
      labelNames: ['provider'] as const,
      registers: this.registers,
    });
    for (const [provider, value] of Object.entries(floors)) floor.set({ provider }, value);
  }

  /**
   * `payout_reconciliation_exceptions{provider,type}`: the open reconciliation exceptions, and
   * `payout_reconciliation_exception_oldest_open_seconds{provider,type}`: how long the oldest of them has been open
   * since a run found it, read from `source` at scrape time (every worker reports the same ones); left out of a
   * scrape whose read failed. A type with none open has no series.
   */
  observeReconciliationExceptions(source: () => Promise<readonly ReconciliationExceptionsSample[]>): void {
    const rows = oneReadPerScrape(source);
    const gauge = (name: string, help: string, value: (row: ReconciliationExceptionsSample) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['provider', 'type'] as const,
        registers: this.registers,
        async collect() {
          this.reset();
          for (const row of await rows()) this.set({ provider: row.provider, type: row.type }, value(row));
        },
      });
    gauge(
      'payout_reconciliation_exceptions',
      'Open reconciliation exceptions, by provider and type: resolve them (docs/reconciliation.md)',
      (row) => row.count,
    );
    gauge(
      'payout_reconciliation_exception_oldest_open_seconds',
      'How long the oldest open reconciliation exception of a provider and type has been open since a run found it',
      (row) => row.oldestOpenSeconds,
    );
  }

  /** `payout_db_pool_connections{state}`: used, free and waiting, read from `source` at scrape time. */
  /** `payout_read_replica_behind_seconds`: how far behind the primary the read replica is known to be at most. */
  observeReplicaLag(behindSeconds: () => number): void {
    new Gauge({
      name: 'payout_read_replica_behind_seconds',
      help: 'How far behind the primary the read replica is proven to be at most (+Inf: unknown, unreachable or not a standby)',
      registers: this.registers,
      collect() {
        this.set(behindSeconds());
      },
    });
  }

  observePool(source: () => PoolUsage): void {
    new Gauge({
      name: 'payout_db_pool_connections',
      help: 'The database pool: connections in use and free, and callers waiting for one',
      labelNames: ['state'] as const,
      registers: this.registers,
      collect() {
        const usage = source();
        this.set({ state: 'used' }, usage.used);
        this.set({ state: 'free' }, usage.free);
        this.set({ state: 'waiting' }, usage.waiting);
      },
    });
  }

  /** The Prometheus text exposition and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
