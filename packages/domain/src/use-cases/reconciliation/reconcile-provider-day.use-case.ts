import type { WaitingClock } from '../../ports/clock.port.js';
import type { IdGenerator } from '../../ports/id-generator.port.js';
import type { ProviderRecord, ProviderRecordsReader } from '../../ports/provider-records.port.js';
import type { TransactionScope, UnitOfWork } from '../../ports/unit-of-work.port.js';
import {
  type ExceptionDraft,
  type Judgement,
  judgeMissing,
  judgeRecords,
  judgeUnknown,
} from '../../reconciliation/judge-records.js';
import { dayBounds } from '../../reconciliation/provider-day.js';
import { RECONCILIATION_EXCEPTION_TYPES } from '../../reconciliation/reconciliation-exception.js';
import {
  type ExceptionCounts,
  NO_EXCEPTIONS,
  type ReconciliationRun,
} from '../../reconciliation/reconciliation-run.js';
import { SETTLEMENT_WINDOWS_MS, settlementWindowOf } from '../../reconciliation/settlement-windows.js';
import { type DomainError, domainError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import { postLedgerFacts } from './post-ledger-facts.js';
import { type PageRetries, readProviderDay } from './read-provider-day.js';

export interface ReconciliationSettings {
  /** Each provider's settlement window (settlement-windows.ts), by provider name. */
  readonly windowsMs: Readonly<Record<string, number>>;
  readonly pageRetries: PageRetries;
  /** Records stored, or withdrawals judged, per unit of work. */
  readonly batchSize: number;
}

export const DEFAULT_RECONCILIATION_SETTINGS: ReconciliationSettings = {
  windowsMs: SETTLEMENT_WINDOWS_MS,
  pageRetries: { attempts: 8, firstDelayMs: 1000, maxDelayMs: 60_000 },
  batchSize: 200,
};

export interface ReconciliationDeps {
  readonly unitOfWork: UnitOfWork;
  /** One per provider whose records can be read, named as the rails name it. */
  readonly readers: readonly ProviderRecordsReader[];
  readonly clock: WaitingClock;
  readonly ids: IdGenerator;
  readonly settings?: ReconciliationSettings;
}

/** A withdrawal's records, or (withdrawalId null) records that name none of ours. */
interface RecordGroup {
  readonly withdrawalId: string | null;
  readonly records: readonly ProviderRecord[];
}

interface Tally {
  matched: number;
  pending: number;
  opened: number;
  found: Record<keyof ExceptionCounts, number>;
}

const emptyTally = (): Tally => ({
  matched: 0,
  pending: 0,
  opened: 0,
  found: { ...NO_EXCEPTIONS },
});

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * One provider-day (docs/reconciliation.md): reads every page of the provider's records of the day (retried), stores
 * them, matches each to one withdrawal by reference, opens an exception for each discrepancy, and looks for the
 * payouts accepted that day that no record names. Running a day again changes nothing it matched and opens nothing
 * twice (ReconciliationStore); it moves no money, except to post a fee the provider reports and a settlement the
 * ledger lacks (postLedgerFacts). Every unit of work it runs reads and writes only through `tx`.
 */
export class ReconcileProviderDay {
  private readonly settings: ReconciliationSettings;

  constructor(private readonly deps: ReconciliationDeps) {
    this.settings = deps.settings ?? DEFAULT_RECONCILIATION_SETTINGS;
  }

  /** The providers it can reconcile. */
  get providers(): readonly string[] {
    return this.deps.readers.map((reader) => reader.provider);
  }

  /** The provider's settlement window, as this reconciliation applies it. */
  windowOf(provider: string): number {
    return settlementWindowOf(provider, this.settings.windowsMs);
  }

  async execute(provider: string, day: string): Promise<Result<ReconciliationRun, DomainError>> {
    const { clock, unitOfWork } = this.deps;
    const reader = this.deps.readers.find((candidate) => candidate.provider === provider);
    if (!reader)
      return err(
        domainError('NOT_FOUND', `No provider records can be read for "${provider}"`, {
          providers: [...this.providers],
        }),
      );
    const bounds = dayBounds(day);
    if (!bounds) return err(domainError('VALIDATION_ERROR', 'The day must be a date YYYY-MM-DD', { day }));
    const startedAt = clock.now();
    const records = await readProviderDay(reader, day, clock, this.settings.pageRetries);
    for (const batch of chunks(records, this.settings.batchSize))
      await unitOfWork.run((tx) => tx.reconciliation.saveRecords(day, batch, startedAt));
    const tally = emptyTally();
    const judged = (batch: Tally) => {
      tally.matched += batch.matched;
      tally.pending += batch.pending;
      tally.opened += batch.opened;
      for (const type of RECONCILIATION_EXCEPTION_TYPES) tally.found[type] += batch.found[type];
    };
    for (const batch of chunks(await this.groups(provider, records), this.settings.batchSize))
      judged(await unitOfWork.run((tx) => this.judgeGroups(tx, provider, day, batch)));
    const unrecorded = await unitOfWork.read.reconciliation.withdrawalIdsWithoutRecord(
      provider,
      bounds.from,
      bounds.to,
    );
    for (const batch of chunks(unrecorded, this.settings.batchSize))
      judged(await unitOfWork.run((tx) => this.judgeUnrecorded(tx, provider, day, batch)));
    const run: ReconciliationRun = {
      id: this.deps.ids.next(),
      provider,
      day,
      startedAt,
      finishedAt: clock.now(),
      records: records.length,
      matched: tally.matched,
      pending: tally.pending,
      exceptions: { ...tally.found },
      opened: tally.opened,
    };
    await unitOfWork.run((tx) => tx.reconciliation.recordRun(run));
    return ok(run);
  }

  /** The records by the withdrawal they name (by its id or its rail's reference, echoed or as the provider's id). */
  private async groups(provider: string, records: readonly ProviderRecord[]): Promise<RecordGroup[]> {
    const references = [
      ...new Set(
        records.flatMap((r) => (r.reference === null ? [r.providerId] : [r.reference, r.providerId])),
      ),
    ];
    const named = new Map<string, string>();
    for (const batch of chunks(references, 500))
      for (const [reference, id] of await this.deps.unitOfWork.read.reconciliation.withdrawalIdsByReference(
        provider,
        batch,
      ))
        named.set(reference, id);
    const byWithdrawal = new Map<string | null, ProviderRecord[]>();
    for (const record of records) {
      const id =
        (record.reference !== null ? named.get(record.reference) : undefined) ?? named.get(record.providerId);
      byWithdrawal.set(id ?? null, [...(byWithdrawal.get(id ?? null) ?? []), record]);
    }
    return [...byWithdrawal.entries()].map(([withdrawalId, grouped]) => ({ withdrawalId, records: grouped }));
  }

  private async judgeGroups(
    tx: TransactionScope,
    provider: string,
    day: string,
    groups: readonly RecordGroup[],
  ): Promise<Tally> {
    const now = this.deps.clock.now();
    const context = { now, windowMs: this.windowOf(provider) };
    const tally = emptyTally();
    for (const group of groups) {
      const withdrawal =
        group.withdrawalId === null ? null : await tx.withdrawals.findById(group.withdrawalId);
      if (!withdrawal) {
        await this.note(tx, provider, day, judgeUnknown(group.records), tally);
        continue;
      }
      for (const record of group.records)
        await tx.reconciliation.matchRecord(provider, record.providerId, withdrawal.id);
      const judgement = judgeRecords(group.records, withdrawal, context);
      await this.note(tx, provider, day, judgement, tally);
      await postLedgerFacts(tx, this.deps.ids, withdrawal, provider, judgement.primary, now);
    }
    return tally;
  }

  private async judgeUnrecorded(
    tx: TransactionScope,
    provider: string,
    day: string,
    withdrawalIds: readonly string[],
  ): Promise<Tally> {
    const now = this.deps.clock.now();
    const context = { now, windowMs: settlementWindowOf(provider, this.settings.windowsMs) };
    const tally = emptyTally();
    for (const id of withdrawalIds) {
      const withdrawal = await tx.withdrawals.findById(id);
      if (!withdrawal) continue;
      await this.note(tx, provider, day, judgeMissing(withdrawal, context), tally);
      // Our own SUCCESS owes its settlement whatever the provider's book shows (its absence is the exception).
      await postLedgerFacts(tx, this.deps.ids, withdrawal, provider, null, now);
    }
    return tally;
  }

  /** Counts a judgement and opens its exceptions, unless an earlier run opened them. */
  private async note(
    tx: TransactionScope,
    provider: string,
    day: string,
    judgement: Judgement,
    tally: Tally,
  ): Promise<void> {
    if (judgement.matched) tally.matched += 1;
    if (judgement.pending) tally.pending += 1;
    for (const draft of judgement.exceptions) {
      tally.found[draft.type] += 1;
      if (await tx.reconciliation.openException(this.opened(provider, day, draft))) tally.opened += 1;
    }
  }

  private opened(provider: string, day: string, draft: ExceptionDraft) {
    return {
      ...draft,
      id: this.deps.ids.next(),
      provider,
      day,
      openedAt: this.deps.clock.now(),
      resolution: null,
    };
  }
}
