import type { Clock, ProviderRecord, ProviderRecordsPage, ProviderRecordsReader } from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asArray } from '../http/json-fields.js';
import { JsonHttpClient } from '../http/json-http.client.js';
import { PagedRecordsReader, type RecordsList } from '../records/paged-records.reader.js';
import { recordOfTransfer } from './wise-transfer-record.mapping.js';

export interface WiseRecordsOptions {
  readonly apiToken: string;
  readonly profileId: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
}

const PATH = '/v1/transfers';
const LIMIT = 100;

/**
 * The profile's transfers created on the day: `GET /v1/transfers` (Wise's `transferList`) with `createdDateStart`
 * and `createdDateEnd` (inclusive, `date-time` as Wise's definition types them: the day's first and last
 * millisecond, UTC), `limit` to a page from `offset`; a page shorter than the limit is the last.
 */
function transfersList(profileId: string): RecordsList {
  return {
    pathOf(day, cursor) {
      const query = new URLSearchParams({
        profile: profileId,
        createdDateStart: `${day.day}T00:00:00.000Z`,
        createdDateEnd: `${day.day}T23:59:59.999Z`,
        limit: String(LIMIT),
        offset: cursor ?? '0',
      });
      return `${PATH}?${query}`;
    },
    pageOf(answer, { cursor }) {
      if (!Array.isArray(answer.body)) return `Wise answered ${PATH} without a list`;
      const records: ProviderRecord[] = [];
      for (const transfer of asArray<unknown>(answer.body)) {
        const record = recordOfTransfer(transfer);
        if (!record)
          return 'Wise listed a transfer without its id, status, currencies, amount or creation time';
        records.push(record);
      }
      const offset = Number(cursor ?? 0) + records.length;
      return { records, next: records.length === LIMIT ? String(offset) : null };
    },
  };
}

/**
 * Wise's book of record for payouts: the profile's transfers, one per payout, each carrying the
 * `customerTransactionId` we created it with (our withdrawal id), its amounts and status.
 */
export class WiseRecordsReader implements ProviderRecordsReader {
  readonly provider = 'wise';
  private readonly reader: PagedRecordsReader;

  constructor(options: WiseRecordsOptions) {
    const http = new JsonHttpClient(
      'Wise',
      trimBaseUrl(options.baseUrl),
      `Bearer ${options.apiToken}`,
      options.fetch ?? globalFetch,
    );
    this.reader = new PagedRecordsReader({
      provider: this.provider,
      timeoutMs: options.timeoutMs,
      clock: options.clock,
      call: (path, signal) => http.call({ method: 'GET', path }, signal),
      lists: [transfersList(options.profileId)],
    });
  }

  readPage(day: string, cursor: string | null): Promise<ProviderRecordsPage> {
    return this.reader.readPage(day, cursor);
  }
}
