import type { ProviderRecord } from '../ports/provider-records.port.js';
import type { ReconciliationStore, StoredProviderRecord } from '../ports/reconciliation-store.port.js';
import type { ReconciliationException } from '../reconciliation/reconciliation-exception.js';
import type { ReconciliationRun } from '../reconciliation/reconciliation-run.js';
import { readAgain } from '../reconciliation/record-reads.js';
import type { InMemoryState } from './in-memory-state.js';
import { pageOf } from './page-of.js';

const recordKey = (provider: string, providerId: string): string => `${provider}\u0000${providerId}`;

const byKey =
  <T extends { readonly id: string }>(at: (row: T) => Date) =>
  (a: T, b: T): number =>
    at(a).getTime() - at(b).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** ReconciliationStore over the in-memory state, rolled back with it. */
export function inMemoryReconciliation(state: () => InMemoryState): ReconciliationStore {
  const records = () => state().providerRecords;
  const exceptions = () => state().reconciliationExceptions;
  const stored = (record: ProviderRecord, day: string, readAt: Date): StoredProviderRecord => {
    const before = records().get(recordKey(record.provider, record.providerId));
    return before
      ? readAgain(before, record, readAt)
      : { ...record, day, withdrawalId: null, firstReadAt: readAt, lastReadAt: readAt };
  };
  const sameKind = (a: ReconciliationException, b: ReconciliationException) =>
    a.provider === b.provider && a.type === b.type && a.subject === b.subject;
  return {
    saveRecords: async (day, list, readAt) => {
      for (const record of list)
        records().set(recordKey(record.provider, record.providerId), stored(record, day, readAt));
    },
    matchRecord: async (provider, providerId, withdrawalId) => {
      const key = recordKey(provider, providerId);
      const record = records().get(key);
      if (!record) throw new Error(`no stored record ${provider} ${providerId}`);
      records().set(key, { ...record, withdrawalId });
    },
    recordsOfDay: async (provider, day) =>
      [...records().values()]
        .filter((r) => r.provider === provider && r.day === day)
        .sort((a, b) => (a.providerId < b.providerId ? -1 : a.providerId > b.providerId ? 1 : 0)),
    withdrawalIdsByReference: async (provider, references) => {
      const found = new Map<string, string>();
      for (const w of state().withdrawals.values()) {
        if (w.railProvider !== provider) continue;
        // Ids are UUIDs, whatever the letter case they are echoed in; a rail's reference is matched as it is.
        for (const reference of references) {
          if (reference.toLowerCase() === w.id || reference === w.railReference) found.set(reference, w.id);
        }
      }
      return found;
    },
    withdrawalIdsWithoutRecord: async (provider, from, to) => {
      const named = new Set(
        [...records().values()].filter((r) => r.provider === provider).map((r) => r.withdrawalId),
      );
      return [...state().withdrawals.values()]
        .filter(
          (w) =>
            w.railProvider === provider &&
            w.railReference !== null &&
            w.submittedAt !== null &&
            w.submittedAt >= from &&
            w.submittedAt < to &&
            !named.has(w.id),
        )
        .sort(byKey((w) => w.submittedAt as Date))
        .map((w) => w.id);
    },
    openException: async (exception) => {
      if ([...exceptions().values()].some((other) => sameKind(other, exception))) return false;
      if (exceptions().has(exception.id)) throw new Error(`duplicate id ${exception.id}`);
      exceptions().set(exception.id, exception);
      return true;
    },
    findException: async (id) => exceptions().get(id) ?? null,
    lockException: async (id) => exceptions().get(id) ?? null,
    resolveException: async (exception) => {
      const before = exceptions().get(exception.id);
      if (!before) throw new Error(`reconciliation exception ${exception.id} does not exist`);
      if (before.resolution !== null) throw new Error(`reconciliation exception ${exception.id} is resolved`);
      if (exception.resolution === null) throw new Error('a resolution is needed');
      exceptions().set(exception.id, { ...before, resolution: exception.resolution });
    },
    listExceptions: async (filter, page) =>
      pageOf(
        [...exceptions().values()].sort(byKey((e) => e.openedAt)),
        page,
        (e) =>
          (filter.state === undefined || (filter.state === 'open') === (e.resolution === null)) &&
          (filter.type === undefined || e.type === filter.type) &&
          (filter.provider === undefined || e.provider === filter.provider) &&
          (filter.olderThan === undefined || e.since < filter.olderThan),
      ),
    countOpenExceptions: async () => {
      const counts = new Map<
        string,
        { provider: string; type: ReconciliationException['type']; count: number }
      >();
      for (const e of exceptions().values()) {
        if (e.resolution !== null) continue;
        const key = `${e.provider} ${e.type}`;
        const count = counts.get(key) ?? { provider: e.provider, type: e.type, count: 0 };
        counts.set(key, { ...count, count: count.count + 1 });
      }
      return [...counts.values()].sort((a, b) =>
        `${a.provider} ${a.type}`.localeCompare(`${b.provider} ${b.type}`),
      );
    },
    recordRun: async (run: ReconciliationRun) => {
      if (state().reconciliationRuns.some((other) => other.id === run.id))
        throw new Error(`duplicate id ${run.id}`);
      state().reconciliationRuns.push(run);
    },
    listRuns: async (filter, page) =>
      pageOf(
        [...state().reconciliationRuns].sort(byKey((r) => r.finishedAt)),
        page,
        (r) =>
          (filter.provider === undefined || r.provider === filter.provider) &&
          (filter.day === undefined || r.day === filter.day),
      ),
  };
}
