import type { WaitingClock } from '../../ports/clock.port.js';
import type { ProviderRecord, ProviderRecordsReader } from '../../ports/provider-records.port.js';

export interface PageRetries {
  /** Tries of one page before the run gives up on the day. */
  readonly attempts: number;
  /** The wait after the first failed try; each later one doubles, up to `maxDelayMs`. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

/** Thrown when a page stayed unavailable through every retry: nothing of the day was stored or judged. */
export class ProviderRecordsUnavailableError extends Error {
  constructor(
    readonly provider: string,
    readonly day: string,
    readonly detail: string,
  ) {
    super(`${provider}'s records of ${day} could not be read: ${detail}`);
    this.name = 'ProviderRecordsUnavailableError';
  }
}

/**
 * Every record the provider lists for `day`, page after page, each page tried again after an unavailable answer at
 * doubling waits on the clock (no sooner than the provider's Retry-After). One record per provider id: a record
 * listed again on a later page (the list moved while it was read) counts once, as last read.
 */
export async function readProviderDay(
  reader: ProviderRecordsReader,
  day: string,
  clock: WaitingClock,
  retries: PageRetries,
): Promise<ProviderRecord[]> {
  const records = new Map<string, ProviderRecord>();
  let cursor: string | null = null;
  const seen = new Set<string>();
  for (;;) {
    const page = await readPage(reader, day, cursor, clock, retries);
    for (const record of page.records) {
      if (record.provider !== reader.provider)
        throw new Error(`the ${reader.provider} reader listed a record of ${record.provider}`);
      records.set(record.providerId, record);
    }
    if (page.next === null) return [...records.values()];
    if (seen.has(page.next))
      throw new Error(`the ${reader.provider} reader's pages of ${day} go round in a circle`);
    seen.add(page.next);
    cursor = page.next;
  }
}

async function readPage(
  reader: ProviderRecordsReader,
  day: string,
  cursor: string | null,
  clock: WaitingClock,
  { attempts, firstDelayMs, maxDelayMs }: PageRetries,
) {
  for (let attempt = 1; ; attempt++) {
    const page = await reader.readPage(day, cursor);
    if (page.kind === 'PAGE') return page;
    if (attempt >= attempts) throw new ProviderRecordsUnavailableError(reader.provider, day, page.detail);
    const backoff = Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1));
    await clock.sleep(Math.max(backoff, page.retryAfterMs ?? 0));
  }
}
