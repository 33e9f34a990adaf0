import type { ProviderRecord, ProviderRecordsReader } from '@payout/domain';

/** A whole day as a reader gives it: every record, the cursor of each page read, and the refusals retried. */
export interface ReadDay {
  readonly records: ProviderRecord[];
  readonly cursors: (string | null)[];
  readonly unavailable: { detail: string; retryAfterMs?: number }[];
}

/**
 * Reads `day` page by page until the reader says no page follows, reading a page again after an UNAVAILABLE, at
 * most `retries` times in all: what a reconciliation run does, without its waiting.
 */
export async function readWholeDay(
  reader: ProviderRecordsReader,
  day: string,
  retries = 0,
): Promise<ReadDay> {
  const read: ReadDay = { records: [], cursors: [], unavailable: [] };
  let cursor: string | null = null;
  for (;;) {
    const page = await reader.readPage(day, cursor);
    if (page.kind === 'UNAVAILABLE') {
      read.unavailable.push(
        page.retryAfterMs === undefined
          ? { detail: page.detail }
          : { detail: page.detail, retryAfterMs: page.retryAfterMs },
      );
      if (read.unavailable.length > retries) throw new Error(`${reader.provider} ${day}: ${page.detail}`);
      continue;
    }
    read.cursors.push(cursor);
    read.records.push(...page.records);
    if (page.next === null) return read;
    cursor = page.next;
  }
}
