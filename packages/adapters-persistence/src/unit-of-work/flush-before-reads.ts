import type { Repositories } from '@payout/domain';

/** Per repository, the methods that send their writes through the unit of work's batch. */
export type DeferredWrites = { readonly [K in keyof Repositories]?: ReadonlyArray<keyof Repositories[K]> };

/**
 * Wraps each repository so that every method not listed in `deferred` first flushes the held writes: a read
 * inside a transaction sees the transaction's own writes, and a write that runs at once lands after the held
 * ones, in the order the use case made them.
 */
export function flushBeforeReads(
  repositories: Repositories,
  deferred: DeferredWrites,
  flush: () => Promise<void>,
): Repositories {
  const wrapped: Record<string, unknown> = {};
  for (const [name, repository] of Object.entries(repositories)) {
    const held = new Set<PropertyKey>(deferred[name as keyof Repositories] ?? []);
    wrapped[name] = new Proxy(repository as object, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        // Bound to the repository itself: its own helpers (a withdrawal's history rows after the withdrawal)
        // are part of the held write, not reads that would send the batch early.
        if (held.has(property)) return value.bind(target);
        return async (...args: unknown[]) => {
          await flush();
          return value.apply(target, args);
        };
      },
    });
  }
  return wrapped as unknown as Repositories;
}
