import type {
  Clock,
  ProviderRecord,
  ProviderRecordsPage,
  ProviderRecordsReader,
  Result,
} from '@payout/domain';
import { retryAfterHeaderSeconds, unavailableFor } from '../http/retry-after.js';
import { type UtcDay, utcDay } from './utc-day.js';

/** A provider's answer to one list request, whatever its status. */
export interface ListAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly retryAfter?: string | null;
  readonly headers?: Headers;
}

/** A GET of `path` (with its query) on the provider's API: an answer, or why none came (a timeout, the network). */
export type ListCall = (path: string, signal: AbortSignal) => Promise<Result<ListAnswer, string>>;

/** One page of one list: its records, and the list's own cursor of the next page (null after the last). */
interface ListPage {
  readonly records: readonly ProviderRecord[];
  readonly next: string | null;
}

/**
 * One of the lists a provider keeps its book of record in (Increase keeps one per kind of transfer), read page by
 * page with the list's own cursor: a cursor the provider gave, a page number, an offset.
 */
export interface RecordsList {
  /** The path and query of the page at `cursor` (null for the first) of the records created on `day`. */
  pathOf(day: UtcDay, cursor: string | null): string;
  /**
   * The records of a 200 answer and the next page's cursor, or why the answer cannot be read. `lookup` reads a
   * further path within the same page's time (a returned payout's original, its reversals).
   */
  pageOf(answer: ListAnswer, context: PageContext): Promise<ListPage | string> | ListPage | string;
}

export interface PageContext {
  readonly day: UtcDay;
  readonly cursor: string | null;
  readonly lookup: (
    path: string,
  ) => Promise<{ kind: 'READ'; body: unknown } | { kind: 'NONE'; detail: string }>;
}

export interface PagedRecordsOptions {
  readonly provider: string;
  /** Each page, with its lookups, settles within this (the rail timeout). */
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly call: ListCall;
  readonly lists: readonly RecordsList[];
}

/** Our cursor: which list, and that list's own cursor (empty for its first page). */
const CURSOR = /^(\d+):(.*)$/s;

/**
 * A provider's book of record read one UTC day at a time, page by page, over one list or several in turn: the
 * paging every provider's reader shares. Our cursor says which list and carries that list's own cursor, so the
 * run can resume any page. Never throws: no answer within the timeout, a network failure, a non-200 answer and an
 * answer it cannot read are UNAVAILABLE, a 429's or 5xx's `Retry-After` held as `retryAfterMs`; a retry of the
 * same page reads the same records again.
 */
export class PagedRecordsReader implements ProviderRecordsReader {
  readonly provider: string;

  constructor(private readonly options: PagedRecordsOptions) {
    this.provider = options.provider;
  }

  async readPage(day: string, cursor: string | null): Promise<ProviderRecordsPage> {
    const utc = utcDay(day);
    if (!utc) return { kind: 'UNAVAILABLE', detail: `${day} is not a UTC day written YYYY-MM-DD` };
    const at = cursor === null ? { index: 0, inner: null } : positionOf(cursor);
    const list = at && this.options.lists[at.index];
    if (!at || !list)
      return { kind: 'UNAVAILABLE', detail: `${cursor} is not a cursor of the ${this.provider} records` };
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const path = list.pathOf(utc, at.inner);
      const answered = await this.get(path, signal);
      if (answered.kind !== 'ANSWERED') return answered;
      const lookup = async (further: string) => {
        const shown = await this.get(further, signal);
        return shown.kind === 'ANSWERED'
          ? { kind: 'READ' as const, body: shown.answer.body }
          : { kind: 'NONE' as const, detail: shown.detail };
      };
      const page = await list.pageOf(answered.answer, { day: utc, cursor: at.inner, lookup });
      if (typeof page === 'string') return { kind: 'UNAVAILABLE', detail: page };
      const next =
        page.next !== null
          ? `${at.index}:${page.next}`
          : at.index + 1 < this.options.lists.length
            ? `${at.index + 1}:`
            : null;
      return { kind: 'PAGE', records: page.records, next };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { kind: 'UNAVAILABLE', detail: `${this.provider} records of ${day}: ${detail}` };
    }
  }

  private async get(
    path: string,
    signal: AbortSignal,
  ): Promise<
    { kind: 'ANSWERED'; answer: ListAnswer } | Extract<ProviderRecordsPage, { kind: 'UNAVAILABLE' }>
  > {
    const answered = await this.options.call(path, signal);
    if (!answered.ok) return { kind: 'UNAVAILABLE', detail: answered.error };
    const { status, retryAfter } = answered.value;
    if (status === 200) return { kind: 'ANSWERED', answer: answered.value };
    const busy = status === 429 || status >= 500;
    const wait = busy ? retryAfterHeaderSeconds(retryAfter ?? null, this.options.clock.now()) : null;
    return unavailableFor(`${this.provider} answered ${status} for ${path}`, wait);
  }
}

function positionOf(cursor: string): { index: number; inner: string | null } | undefined {
  const match = CURSOR.exec(cursor);
  if (!match) return undefined;
  return { index: Number(match[1]), inner: match[2] === '' ? null : (match[2] ?? null) };
}
