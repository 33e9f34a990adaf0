import { createHash } from 'node:crypto';
import type { Principal } from '@payout/domain';
import type { Knex } from 'knex';
import type { RecentWriters } from './recent-writers.js';
import type { ReplicaFreshness } from './replica-freshness.js';

/**
 * Where a principal's read went, and why: `replica`; or the primary, because the reader wrote within the bound
 * (`recent-write`), the replica is not known to be within it (`replica-behind`), a read there failed
 * (`replica-failed`), or found nothing (`not-found`, asked again of the primary).
 */
export type ReadRoute = 'replica' | 'recent-write' | 'replica-behind' | 'replica-failed' | 'not-found';

export interface ReadReplicaOptions {
  /** Knex on the replica (DATABASE_READ_URL). */
  readonly knex: Knex;
  readonly freshness: ReplicaFreshness;
  readonly writers: RecentWriters;
  /** The staleness bound (DATABASE_READ_MAX_LAG_MS): how far behind a replica read may be, and how long a write is remembered. */
  readonly boundMs: number;
  /** Hears where every read went. */
  readonly onRoute?: (route: ReadRoute) => void;
  /** Hears a write that could not be noted (its writer may read a replica behind it within the bound). */
  readonly onUnrecorded?: (error: Error) => void;
}

/**
 * A writer as the recent writes know it: its subject, merchant and entity together (docs/deploying.md), hashed to a
 * fixed length.
 */
export const writerKey = (principal: Principal): string =>
  createHash('sha256')
    .update(JSON.stringify([principal.subject, principal.merchantId, principal.entityId]))
    .digest('base64url')
    .slice(0, 22);

/**
 * The staleness rule of replica reads (docs/deploying.md): a principal's read goes to the replica only when the
 * replica is proven at most `boundMs` behind the primary and the principal wrote nothing within `boundMs`; so it
 * never misses the principal's own writes, and anything else it misses is younger than the bound.
 */
export class ReadReplica {
  constructor(private readonly options: ReadReplicaOptions) {}

  get knex(): Knex {
    return this.options.knex;
  }

  async serves(reader: Principal): Promise<boolean> {
    const { freshness, writers, boundMs } = this.options;
    if (freshness.behindMs() > boundMs) return this.routed('replica-behind', false);
    if (await writers.wroteRecently(writerKey(reader))) return this.routed('recent-write', false);
    // Measured once the writer's absence is known: a write older than the bound by then is on the replica.
    if (freshness.behindMs() > boundMs) return this.routed('replica-behind', false);
    return this.routed('replica', true);
  }

  /** Notes a write for `writer`; never throws (the write is committed whatever happens to its note). */
  async wrote(writer: Principal): Promise<void> {
    try {
      await this.options.writers.record(writerKey(writer));
    } catch (error) {
      this.options.onUnrecorded?.(error as Error);
    }
  }

  /** A read the replica could not answer (`replica-failed`, the replica counts as behind) or found nothing for. */
  fellBack(route: 'replica-failed' | 'not-found'): void {
    if (route === 'replica-failed') this.options.freshness.lost();
    this.options.onRoute?.(route);
  }

  private routed(route: ReadRoute, replica: boolean): boolean {
    this.options.onRoute?.(route);
    return replica;
  }
}
