import { err, ok, type ProviderRecord } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { type ListCall, PagedRecordsReader, type RecordsList } from './paged-records.reader.js';

const record = (providerId: string): ProviderRecord => ({
  provider: 'acme',
  providerId,
  reference: providerId,
  amount: '1.00',
  currency: 'USD',
  state: 'PAID',
  providerState: 'paid',
  createdAt: new Date('2026-01-15T12:00:00Z'),
  finalAt: null,
  fee: null,
});

/** A list whose pages are `pages[cursor ?? 0]`, each naming the next by its index. */
const listOf = (name: string, pages: string[][]): RecordsList => ({
  pathOf: (day, cursor) => `/${name}?day=${day.day}&from=${day.start.toISOString()}&page=${cursor ?? 0}`,
  pageOf: (_answer, { cursor }) => {
    const index = Number(cursor ?? 0);
    return {
      records: (pages[index] ?? []).map(record),
      next: index + 1 < pages.length ? String(index + 1) : null,
    };
  },
});

const answering: ListCall = async () => ok({ status: 200, body: {}, retryAfter: null });

const readerOf = (call: ListCall, lists: RecordsList[], timeoutMs = 2000) =>
  new PagedRecordsReader({ provider: 'acme', timeoutMs, clock: new ManualClock(), call, lists });

describe('PagedRecordsReader: the paging every provider’s records reader shares', () => {
  it('reads each list page by page, then the next list from its first page', async () => {
    const paths: string[] = [];
    const call: ListCall = async (path) => {
      paths.push(path);
      return ok({ status: 200, body: {}, retryAfter: null });
    };
    const reader = readerOf(call, [listOf('a', [['a1'], ['a2']]), listOf('b', [['b1']])]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await reader.readPage('2026-01-15', cursor);
      if (page.kind !== 'PAGE') throw new Error(page.detail);
      seen.push(...page.records.map((r) => r.providerId));
      cursor = page.next;
    } while (cursor !== null);
    expect(seen).to.deep.equal(['a1', 'a2', 'b1']);
    expect(paths).to.deep.equal([
      '/a?day=2026-01-15&from=2026-01-15T00:00:00.000Z&page=0',
      '/a?day=2026-01-15&from=2026-01-15T00:00:00.000Z&page=1',
      '/b?day=2026-01-15&from=2026-01-15T00:00:00.000Z&page=0',
    ]);
  });

  it('is unavailable, never throwing, for a day or cursor it cannot read and an answer it cannot use', async () => {
    const reader = readerOf(answering, [listOf('a', [['a1']])]);
    expect(await reader.readPage('2026-02-30', null)).to.deep.include({ kind: 'UNAVAILABLE' });
    expect(await reader.readPage('2026-01-15', 'not ours')).to.deep.include({ kind: 'UNAVAILABLE' });
    expect(await reader.readPage('2026-01-15', '7:')).to.deep.include({ kind: 'UNAVAILABLE' });
    const refusing = readerOf(answering, [{ ...listOf('a', []), pageOf: () => 'no list in the answer' }]);
    expect(await refusing.readPage('2026-01-15', null)).to.deep.equal({
      kind: 'UNAVAILABLE',
      detail: 'no list in the answer',
    });
    const throwing = readerOf(answering, [
      {
        ...listOf('a', []),
        pageOf: () => {
          throw new Error('boom');
        },
      },
    ]);
    expect(await throwing.readPage('2026-01-15', null)).to.deep.equal({
      kind: 'UNAVAILABLE',
      detail: 'acme records of 2026-01-15: boom',
    });
  });

  it('holds a 429 or 5xx back by its Retry-After, and gives none for another refusal or no answer', async () => {
    const answer =
      (status: number, retryAfter: string | null): ListCall =>
      async () =>
        ok({ status, body: {}, retryAfter });
    const lists = [listOf('a', [['a1']])];
    expect(await readerOf(answer(429, '3'), lists).readPage('2026-01-15', null)).to.deep.include({
      kind: 'UNAVAILABLE',
      retryAfterMs: 3000,
    });
    expect(await readerOf(answer(500, '1'), lists).readPage('2026-01-15', null)).to.deep.include({
      retryAfterMs: 1000,
    });
    const forbidden = await readerOf(answer(403, '5'), lists).readPage('2026-01-15', null);
    expect(forbidden).to.deep.equal({
      kind: 'UNAVAILABLE',
      detail: 'acme answered 403 for /a?day=2026-01-15&from=2026-01-15T00:00:00.000Z&page=0',
    });
    const lost = readerOf(async () => err('acme GET /a timed out'), lists);
    expect(await lost.readPage('2026-01-15', null)).to.deep.equal({
      kind: 'UNAVAILABLE',
      detail: 'acme GET /a timed out',
    });
  });

  it('gives the call a signal that ends at the timeout, so a page settles within it', async () => {
    let aborted = false;
    const hanging: ListCall = (_path, signal) =>
      new Promise((resolve) =>
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve(err('acme GET /a timed out'));
        }),
      );
    const page = await readerOf(hanging, [listOf('a', [['a1']])], 20).readPage('2026-01-15', null);
    expect(aborted).to.equal(true);
    expect(page.kind).to.equal('UNAVAILABLE');
  });
});
