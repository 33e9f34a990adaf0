import type { Clock, ProviderRecord, ProviderRecordsPage, ProviderRecordsReader } from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asArray, asObject, text } from '../http/json-fields.js';
import { type PageContext, PagedRecordsReader, type RecordsList } from '../records/paged-records.reader.js';
import { PayPalHttpClient } from './paypal-http.client.js';
import { PayPalOAuthClient } from './paypal-oauth.client.js';
import {
  PAYOUT,
  PAYOUT_BACK,
  recordOfPayout,
  recordOfReturn,
  transactionFacts,
} from './paypal-transaction-record.mapping.js';

export interface PayPalRecordsOptions {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
  /** Shared with the rails, so that one token serves both. */
  readonly oauth?: PayPalOAuthClient;
}

const PATH = '/v1/reporting/transactions';
/** The largest `page_size` PayPal's Transaction Search reference allows; the SDK's definition sets no bound. */
const PAGE_SIZE = 500;
/** The longest range one search may cover (the SDK's `endDate`: "The maximum supported range is 31 days"). */
const SEARCH_RANGE_MS = 31 * 86_400_000;

const seconds = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/** The search of one range, by the definition's parameters: every transaction's `transaction_info`, pending and denied ones too. */
function searchPath(start: string, end: string, more: Record<string, string>): string {
  const query = new URLSearchParams({
    start_date: start,
    end_date: end,
    fields: 'transaction_info',
    balance_affecting_records_only: 'N',
    ...more,
  });
  return `${PATH}?${query}`;
}

/** How far back a money-back transaction's payment is looked for: three searches, about three months. */
const LOOKBACK_SEARCHES = 3;

/**
 * The reference of the payout a money-back transaction names: the payment's own `custom_field`, looked up by its
 * transaction id one 31-day search at a time, back from the money coming back; null when none shows it.
 */
async function referenceOfPayment(
  paymentId: string | undefined,
  returnedAt: Date,
  lookup: PageContext['lookup'],
): Promise<{ reference: string | null } | string> {
  if (!paymentId) return { reference: null };
  for (let search = 0; search < LOOKBACK_SEARCHES; search += 1) {
    const end = returnedAt.getTime() - search * SEARCH_RANGE_MS;
    const shown = await lookup(
      searchPath(seconds(new Date(end - SEARCH_RANGE_MS)), seconds(new Date(end)), {
        transaction_id: paymentId,
      }),
    );
    if (shown.kind !== 'READ') return shown.detail;
    const payment = asArray<unknown>(
      asObject<{ transaction_details?: unknown }>(shown.body).transaction_details,
    )
      .map(transactionFacts)
      .find((facts) => facts?.code === PAYOUT);
    if (payment) return { reference: text(payment.info.custom_field) ?? null };
  }
  return { reference: null };
}

/**
 * The account's transactions initiated on the day (`GET /v1/reporting/transactions`, `start_date` and `end_date`,
 * paged by `page` up to `total_pages`), of which the payouts' payments and their money back are records.
 */
const transactionsList: RecordsList = {
  pathOf(day, cursor) {
    return searchPath(`${day.day}T00:00:00Z`, `${day.day}T23:59:59.999Z`, {
      page_size: String(PAGE_SIZE),
      page: cursor ?? '1',
    });
  },
  async pageOf(answer, { cursor, lookup }) {
    const body = asObject<{ transaction_details?: unknown; page?: unknown; total_pages?: unknown }>(
      answer.body,
    );
    const records: ProviderRecord[] = [];
    // `transaction_details` is optional in the SDK's definition: a day without transactions may leave it out.
    for (const transaction of asArray<unknown>(body.transaction_details)) {
      const facts = transactionFacts(transaction);
      if (!facts) return 'PayPal listed a transaction without its id, event code, amount or initiation date';
      if (facts.code === PAYOUT) records.push(recordOfPayout(facts));
      if (!PAYOUT_BACK.has(facts.code)) continue;
      const own = text(facts.info.custom_field);
      const found = own
        ? { reference: own }
        : await referenceOfPayment(text(facts.info.paypal_reference_id), facts.createdAt, lookup);
      if (typeof found === 'string') return found;
      records.push(recordOfReturn(facts, found.reference));
    }
    const page = Number(cursor ?? 1);
    const pages = typeof body.total_pages === 'number' ? body.total_pages : 0;
    return { records, next: page < pages ? String(page + 1) : null };
  },
};

/**
 * PayPal's book of record for payouts: the account's Transaction Search, since the Payouts API lists no payouts
 * (it shows one batch or item by its id). A payout item's payment is one transaction carrying our withdrawal id in
 * its `custom_field`; a reversal or refund is a transaction of its own on the day it happens, given as a RETURNED
 * record of the payment it names. PayPal shows a transaction there within three hours of it. The app needs
 * PayPal's Transaction Search permission (scope `https://uri.paypal.com/services/reporting/search/read`).
 */
export class PayPalRecordsReader implements ProviderRecordsReader {
  readonly provider = 'paypal';
  private readonly reader: PagedRecordsReader;

  constructor(options: PayPalRecordsOptions) {
    const oauth = options.oauth ?? new PayPalOAuthClient(options);
    const http = new PayPalHttpClient(trimBaseUrl(options.baseUrl), oauth, options.fetch ?? globalFetch);
    this.reader = new PagedRecordsReader({
      provider: this.provider,
      timeoutMs: options.timeoutMs,
      clock: options.clock,
      call: (path, signal) => http.call('GET', path, undefined, signal),
      lists: [transactionsList],
    });
  }

  readPage(day: string, cursor: string | null): Promise<ProviderRecordsPage> {
    return this.reader.readPage(day, cursor);
  }
}
