import type { Clock, ProviderRecord, ProviderRecordsPage, ProviderRecordsReader } from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asArray, asObject, text } from '../http/json-fields.js';
import { type ListAnswer, PagedRecordsReader, type RecordsList } from '../records/paged-records.reader.js';
import type { UtcDay } from '../records/utc-day.js';
import type { IncreaseRailId } from './increase-api.types.js';
import { IncreaseHttpClient } from './increase-http.client.js';
import { recordOfTransfer } from './increase-transfer-record.mapping.js';
import { TRANSFER_PATHS } from './increase-transfer-request.mapping.js';

export interface IncreaseRecordsOptions {
  readonly apiKey: string;
  readonly baseUrl: string;
  /** The rails served on Increase here: each is one list of transfers. */
  readonly rails: readonly IncreaseRailId[];
  /** The account payouts leave from (INCREASE_ACCOUNT_ID), when configured: the lists are filtered by it. */
  readonly accountId?: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
}

/** Increase's largest page (the SDK's PageParams: "The default (and maximum) is 100 objects"). */
const PAGE_SIZE = 100;

/**
 * One rail's transfers created on the day: `GET /ach_transfers` (or the RTP, wire, card push list) filtered by
 * `created_at.on_or_after` and `created_at.before` as the SDK's `…ListParams` name them, paged by `next_cursor`.
 */
function transfersList(rail: IncreaseRailId, accountId: string | undefined): RecordsList {
  return {
    pathOf(day: UtcDay, cursor: string | null) {
      const query = new URLSearchParams({
        'created_at.on_or_after': day.start.toISOString(),
        'created_at.before': day.end.toISOString(),
        limit: String(PAGE_SIZE),
      });
      if (accountId) query.set('account_id', accountId);
      if (cursor) query.set('cursor', cursor);
      return `${TRANSFER_PATHS[rail]}?${query}`;
    },
    pageOf(answer: ListAnswer) {
      const page = asObject<{ data?: unknown; next_cursor?: unknown }>(answer.body);
      if (!Array.isArray(page.data)) return `Increase answered ${TRANSFER_PATHS[rail]} without a list`;
      const records: ProviderRecord[] = [];
      for (const transfer of asArray<unknown>(page.data)) {
        const record = recordOfTransfer(rail, transfer);
        if (!record)
          return `Increase listed a ${rail} transfer without its id, amount, currency or creation time`;
        records.push(record);
      }
      return { records, next: text(page.next_cursor) ?? null };
    },
  };
}

/**
 * Increase's book of record for payouts: its transfer objects, one list per rail (ACH, RTP, wire, card push),
 * read in turn. A transfer carries the idempotency key it was created with (our withdrawal id), its amount, its
 * status and the times it settled, failed or came back, one object per payout over its whole life; Increase's
 * Transactions, the account's statement lines, name the transfer but not our key, and book a return as a second
 * line on another day.
 */
export class IncreaseRecordsReader implements ProviderRecordsReader {
  readonly provider = 'increase';
  private readonly reader: PagedRecordsReader;

  constructor(options: IncreaseRecordsOptions) {
    const http = new IncreaseHttpClient(
      trimBaseUrl(options.baseUrl),
      options.apiKey,
      options.fetch ?? globalFetch,
    );
    this.reader = new PagedRecordsReader({
      provider: this.provider,
      timeoutMs: options.timeoutMs,
      clock: options.clock,
      call: (path, signal) => http.call({ method: 'GET', path }, signal),
      lists: options.rails.map((rail) => transfersList(rail, options.accountId)),
    });
  }

  readPage(day: string, cursor: string | null): Promise<ProviderRecordsPage> {
    return this.reader.readPage(day, cursor);
  }
}
