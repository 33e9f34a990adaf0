import type { Clock, ProviderRecord, ProviderRecordsPage, ProviderRecordsReader } from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asArray } from '../http/json-fields.js';
import { PagedRecordsReader, type RecordsList } from '../records/paged-records.reader.js';
import { type ModernTreasuryCredentials, ModernTreasuryHttpClient } from './modern-treasury-http.client.js';
import { orderFacts, recordOfOrder } from './modern-treasury-order-record.mapping.js';

export interface ModernTreasuryRecordsOptions extends ModernTreasuryCredentials {
  readonly baseUrl: string;
  /** The internal account payouts leave from (MODERN_TREASURY_ORIGINATING_ACCOUNT_ID). */
  readonly originatingAccountId: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
}

const PATH = '/api/payment_orders';
/** Modern Treasury's largest page. */
const PER_PAGE = 100;

/**
 * The credits our internal account sent that were created on the day: `GET /api/payment_orders` with the SDK's
 * `PaymentOrderListParams` (`created_at_start` and `created_at_end`, inclusive dates, `direction`,
 * `originating_account_id`), paged by the `X-After-Cursor` header its SDK's Page reads.
 */
function paymentOrdersList(originatingAccountId: string): RecordsList {
  return {
    pathOf(day, cursor) {
      const query = new URLSearchParams({
        created_at_start: day.day,
        created_at_end: day.day,
        direction: 'credit',
        originating_account_id: originatingAccountId,
        per_page: String(PER_PAGE),
      });
      if (cursor) query.set('after_cursor', cursor);
      return `${PATH}?${query}`;
    },
    async pageOf(answer, { lookup }) {
      if (!Array.isArray(answer.body)) return `Modern Treasury answered ${PATH} without a list`;
      const records: ProviderRecord[] = [];
      for (const order of asArray<unknown>(answer.body)) {
        const facts = orderFacts(order);
        if (!facts)
          return 'Modern Treasury listed a payment order without its id, amount, currency or creation time';
        if (facts.status !== 'reversed') {
          records.push(recordOfOrder(facts));
          continue;
        }
        const reversals = await lookup(`${PATH}/${encodeURIComponent(facts.providerId)}/reversals`);
        if (reversals.kind !== 'READ') return reversals.detail;
        records.push(recordOfOrder(facts, reversals.body));
      }
      return { records, next: answer.headers?.get('x-after-cursor') || null };
    },
  };
}

/**
 * Modern Treasury's book of record for payouts: its payment orders, one per payout, each carrying our withdrawal
 * id as metadata, its amount, status and return; a reversed order is read with its reversals.
 */
export class ModernTreasuryRecordsReader implements ProviderRecordsReader {
  readonly provider = 'modern_treasury';
  private readonly reader: PagedRecordsReader;

  constructor(options: ModernTreasuryRecordsOptions) {
    const http = new ModernTreasuryHttpClient(
      trimBaseUrl(options.baseUrl),
      options,
      options.fetch ?? globalFetch,
    );
    this.reader = new PagedRecordsReader({
      provider: this.provider,
      timeoutMs: options.timeoutMs,
      clock: options.clock,
      call: (path, signal) => http.call({ method: 'GET', path }, signal),
      lists: [paymentOrdersList(options.originatingAccountId)],
    });
  }

  readPage(day: string, cursor: string | null): Promise<ProviderRecordsPage> {
    return this.reader.readPage(day, cursor);
  }
}
