import { readWholeDay } from '@payout/adapters-rails/testing';
import type { ProviderRecord, ProviderRecordsReader } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { FakeIncrease } from '../e2e/support/fake-increase.server.js';
import { FakeModernTreasury, ORIGINATING_ACCOUNT_ID } from '../e2e/support/fake-modern-treasury.server.js';
import { type BookedTransaction, FakePayPal } from '../e2e/support/fake-paypal.server.js';
import { type BookedWiseTransfer, FakeWise } from '../e2e/support/fake-wise.server.js';
import { providerRecordsReadersFor } from './provider-records.binding.js';

const DAY = '2026-01-15';
const at = (time: string) => `${DAY}T${time}Z`;

/** The one reader the configuration wires for `provider`. */
function readerOf(env: Record<string, string>, provider: string): ProviderRecordsReader {
  const readers = providerRecordsReadersFor(configFor({ APP_ENV: 'test', ...env }), new ManualClock());
  const reader = readers.find((r) => r.provider === provider);
  if (!reader) throw new Error(`no ${provider} reader wired`);
  return reader;
}

const byReference = (records: readonly ProviderRecord[], reference: string | null) =>
  records.filter((r) => r.reference === reference);

/**
 * Each real provider's reader as the app wires it, against the provider's local fake (which checks every request
 * and answer against the provider's definition): a day read page by page until the provider has no more, an
 * outage read again, and each scripted discrepancy shown in the records' fields as reconciliation will read them.
 */
describe('the providers’ records readers, as wired, against their local fakes', () => {
  describe('Increase: its transfers, one list per rail served', () => {
    let increase: FakeIncrease;
    let reader: ProviderRecordsReader;

    beforeEach(async () => {
      increase = await FakeIncrease.start();
      increase.pageSize = 2;
      reader = readerOf(
        {
          RAILS: 'ACH=increase,RTP=increase,WIRE=increase',
          INCREASE_API_KEY: 'secret_key_local_fake',
          INCREASE_BASE_URL: increase.url,
          INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
          INCREASE_ACCOUNT_NUMBER_ID: 'account_number_v18nkfqm6afpsrvy82b2',
        },
        'increase',
      );
    });
    afterEach(() => increase.close());

    const ach = (id: string, key: string | null, amount: number, createdAt = at('12:00:00')) => ({
      rail: 'ACH' as const,
      id,
      idempotencyKey: key,
      amount,
      createdAt,
      outcome: 'paid' as const,
      finalAt: at('18:30:00'),
    });

    it('reads every rail’s transfers of the day over several pages, and nothing of the days around it', async () => {
      increase.book(
        ...[1, 2, 3, 4, 5].map((n) => ach(`ach_transfer_${n}`, `wd-${n}`, 100 * n)),
        ach('ach_transfer_before', 'wd-before', 100, '2026-01-14T23:59:59Z'),
        ach('ach_transfer_after', 'wd-after', 100, '2026-01-16T00:00:00Z'),
        { ...ach('rtp_1', 'wd-rtp', 250_000), rail: 'RTP' },
        { ...ach('wire_1', 'wd-wire', 99), rail: 'WIRE', outcome: 'pending' },
        // Another account's transfer is not this service's book.
        { ...ach('ach_transfer_other', 'wd-other', 100), accountId: 'account_other' },
      );
      const day = await readWholeDay(reader, DAY);
      expect(day.records.map((r) => r.reference)).to.deep.equal([
        'wd-1',
        'wd-2',
        'wd-3',
        'wd-4',
        'wd-5',
        'wd-rtp',
        'wd-wire',
      ]);
      // Three ACH pages, then one RTP page and one wire page, each list from its own first page.
      expect(day.cursors).to.have.length(5);
      expect(day.records[0]).to.deep.equal({
        provider: 'increase',
        providerId: 'ach_transfer_1',
        reference: 'wd-1',
        amount: '1.00',
        currency: 'USD',
        state: 'PAID',
        providerState: 'submitted',
        createdAt: new Date(at('12:00:00')),
        finalAt: new Date(at('18:30:00')),
        fee: null,
      });
      expect(byReference(day.records, 'wd-rtp')[0]).to.include({ amount: '2500.00', state: 'PAID' });
      expect(byReference(day.records, 'wd-wire')[0]).to.include({ state: 'PENDING', finalAt: null });
    });

    it('gives each scripted discrepancy as reconciliation reads it', async () => {
      increase.book(
        // The provider's amount is not the withdrawal's 12.30.
        ach('ach_transfer_amount', 'wd-amount', 1299),
        // Two payouts at the provider with our one reference, on two rails.
        ach('ach_transfer_dup', 'wd-dup', 500),
        { ...ach('rtp_dup', 'wd-dup', 500), rail: 'RTP' },
        // Returned seventy days after it was made, when our return watch had ended.
        { ...ach('ach_transfer_late', 'wd-late', 700), outcome: 'returned', finalAt: '2026-03-26T09:00:00Z' },
        // A transfer made without our key: not one of ours.
        ach('ach_transfer_unknown', null, 4200),
      );
      const { records } = await readWholeDay(reader, DAY);
      expect(byReference(records, 'wd-amount')[0]).to.include({ amount: '12.99', currency: 'USD' });
      expect(byReference(records, 'wd-missing')).to.deep.equal([]);
      expect(byReference(records, 'wd-dup').map((r) => r.providerId)).to.deep.equal([
        'ach_transfer_dup',
        'rtp_dup',
      ]);
      expect(byReference(records, 'wd-late')[0]).to.deep.include({
        state: 'RETURNED',
        providerState: 'returned',
        finalAt: new Date('2026-03-26T09:00:00Z'),
      });
      expect(byReference(records, null)).to.have.length(1);
      expect(byReference(records, null)[0]).to.include({
        providerId: 'ach_transfer_unknown',
        amount: '42.00',
      });
    });

    it('is unavailable on an outage, held back by its Retry-After, and the same page reads again', async () => {
      increase.book(...[1, 2, 3].map((n) => ach(`ach_transfer_${n}`, `wd-${n}`, 100)));
      const first = await reader.readPage(DAY, null);
      expect(first.kind === 'PAGE' && first.next).to.be.a('string');
      const next = first.kind === 'PAGE' ? first.next : null;
      increase.refuseNext([
        503,
        { status: 503, type: 'internal_server_error', title: 'Unavailable' },
        { 'retry-after': '7' },
      ]);
      const refused = await reader.readPage(DAY, next);
      expect(refused).to.deep.include({ kind: 'UNAVAILABLE', retryAfterMs: 7000 });
      const again = await reader.readPage(DAY, next);
      expect(again.kind === 'PAGE' && again.records.map((r) => r.reference)).to.deep.equal(['wd-3']);
    });
  });

  describe('Modern Treasury: its payment orders from our account', () => {
    let mt: FakeModernTreasury;
    let reader: ProviderRecordsReader;

    beforeEach(async () => {
      mt = await FakeModernTreasury.start('webhook_key');
      mt.pageSize = 2;
      reader = readerOf(
        {
          RAILS: 'ACH=modern_treasury',
          MODERN_TREASURY_API_KEY: 'live-local-fake',
          MODERN_TREASURY_ORGANIZATION_ID: 'org_local',
          MODERN_TREASURY_BASE_URL: mt.url,
          MODERN_TREASURY_ORIGINATING_ACCOUNT_ID: ORIGINATING_ACCOUNT_ID,
        },
        'modern_treasury',
      );
    });
    afterEach(() => mt.close());

    const order = (n: number, withdrawalId: string | null, amount: number, status = 'completed') => ({
      id: `0f8e3719-3dfd-4613-9bbf-${String(n).padStart(12, '0')}`,
      withdrawalId,
      amount,
      createdAt: at('12:00:00'),
      status,
    });

    it('reads the day’s orders over several pages by X-After-Cursor, and only the day’s and our account’s', async () => {
      mt.book(
        ...[1, 2, 3, 4, 5].map((n) => order(n, `wd-${n}`, 1000 * n)),
        { ...order(6, 'wd-before', 100), createdAt: '2026-01-14T23:00:00Z' },
        { ...order(7, 'wd-other', 100), originatingAccountId: '0f8e3719-3dfd-4613-9bbf-c0ffee000009' },
        { ...order(8, 'wd-yen', 1230), currency: 'JPY', status: 'sent' },
      );
      const day = await readWholeDay(reader, DAY);
      expect(day.records.map((r) => r.reference)).to.deep.equal([
        'wd-1',
        'wd-2',
        'wd-3',
        'wd-4',
        'wd-5',
        'wd-yen',
      ]);
      expect(day.cursors).to.have.length(3);
      expect(day.records[0]).to.deep.equal({
        provider: 'modern_treasury',
        providerId: '0f8e3719-3dfd-4613-9bbf-000000000001',
        reference: 'wd-1',
        amount: '10.00',
        currency: 'USD',
        state: 'PAID',
        providerState: 'completed',
        createdAt: new Date(at('12:00:00')),
        finalAt: null,
        fee: null,
      });
      expect(byReference(day.records, 'wd-yen')[0]).to.include({
        amount: '1230',
        currency: 'JPY',
        state: 'PENDING',
      });
    });

    it('gives each scripted discrepancy, a return and a reversal as reconciliation reads them', async () => {
      mt.book(
        order(1, 'wd-amount', 1299),
        order(2, 'wd-dup', 500),
        order(3, 'wd-dup', 500),
        { ...order(4, 'wd-late', 700, 'returned'), returnedAt: '2026-03-26T09:00:00Z' },
        order(5, null, 4200),
        {
          ...order(6, 'wd-reversed', 800, 'reversed'),
          reversals: [
            { status: 'failed', updatedAt: '2026-01-16T10:00:00Z' },
            { status: 'completed', updatedAt: '2026-01-17T10:00:00Z' },
          ],
        },
        {
          ...order(7, 'wd-reversing', 800, 'reversed'),
          reversals: [{ status: 'sent', updatedAt: at('13:00:00') }],
        },
        order(8, 'wd-denied', 800, 'denied'),
      );
      const { records } = await readWholeDay(reader, DAY);
      expect(byReference(records, 'wd-amount')[0]).to.include({ amount: '12.99' });
      expect(byReference(records, 'wd-missing')).to.deep.equal([]);
      expect(byReference(records, 'wd-dup')).to.have.length(2);
      expect(byReference(records, 'wd-late')[0]).to.deep.include({
        state: 'RETURNED',
        finalAt: new Date('2026-03-26T09:00:00Z'),
      });
      expect(byReference(records, null).map((r) => r.amount)).to.deep.equal(['42.00']);
      expect(byReference(records, 'wd-reversed')[0]).to.deep.include({
        state: 'RETURNED',
        providerState: 'reversed',
        finalAt: new Date('2026-01-17T10:00:00Z'),
      });
      expect(byReference(records, 'wd-reversing')[0]).to.include({ state: 'PENDING' });
      expect(byReference(records, 'wd-denied')[0]).to.include({ state: 'FAILED' });
    });

    it('is unavailable on a rate limit, held back by its Retry-After', async () => {
      mt.book(order(1, 'wd-1', 100));
      mt.refuseNext([
        429,
        { errors: { code: 'rate_limited', message: 'Too many requests', parameter: '' } },
        { 'retry-after': '2' },
      ]);
      expect(await reader.readPage(DAY, null)).to.deep.include({ kind: 'UNAVAILABLE', retryAfterMs: 2000 });
      expect((await readWholeDay(reader, DAY)).records).to.have.length(1);
    });
  });

  describe('PayPal: its Transaction Search, payouts and their money back', () => {
    let paypal: FakePayPal;
    let reader: ProviderRecordsReader;

    beforeEach(async () => {
      paypal = await FakePayPal.start();
      paypal.pageSize = 2;
      reader = readerOf(
        {
          RAILS: 'PAYPAL=paypal',
          PAYPAL_BASE_URL: paypal.url,
          PAYPAL_CLIENT_ID: 'client_local',
          PAYPAL_CLIENT_SECRET: 'secret_local',
        },
        'paypal',
      );
    });
    afterEach(() => paypal.close());

    /** A payout item's payment: 17 characters of id, as PayPal's are. */
    const payment = (n: number, customField: string | undefined, amount: string): BookedTransaction => ({
      id: `5TY05013RG00${String(n).padStart(5, '0')}`,
      eventCode: 'T0001',
      status: 'S',
      amount,
      initiatedAt: at('12:00:00'),
      updatedAt: at('12:00:05'),
      ...(customField ? { customField } : {}),
    });

    it('reads the day’s payouts over several pages, skipping what is not a payout, with the fee PayPal charged', async () => {
      paypal.book(
        ...[1, 2, 3].map((n) => ({ ...payment(n, `wd-${n}`, `-${n}.00`), fee: '-0.25' })),
        // A batch's hold on funds and its release are not payouts.
        { ...payment(4, undefined, '-3.25'), eventCode: 'T1503' },
        { ...payment(5, undefined, '3.25'), eventCode: 'T1105' },
        { ...payment(6, 'wd-before', '-1.00'), initiatedAt: '2026-01-14T23:59:59Z' },
        { ...payment(7, 'wd-pending', '-1.00'), status: 'P' },
      );
      const day = await readWholeDay(reader, DAY);
      expect(day.records.map((r) => r.reference)).to.deep.equal(['wd-1', 'wd-2', 'wd-3', 'wd-pending']);
      expect(day.cursors).to.deep.equal([null, '0:2', '0:3']);
      expect(day.records[0]).to.deep.equal({
        provider: 'paypal',
        providerId: '5TY05013RG0000001',
        reference: 'wd-1',
        amount: '1.00',
        currency: 'USD',
        state: 'PAID',
        providerState: 'S',
        createdAt: new Date(at('12:00:00')),
        finalAt: new Date(at('12:00:05')),
        fee: '0.25',
      });
      expect(byReference(day.records, 'wd-pending')[0]).to.include({ state: 'PENDING', finalAt: null });
    });

    it('gives each scripted discrepancy as reconciliation reads it, a late refund as a RETURNED record of its payment', async () => {
      paypal.book(
        payment(1, 'wd-amount', '-12.99'),
        payment(2, 'wd-dup', '-5.00'),
        payment(3, 'wd-dup', '-5.00'),
        payment(4, undefined, '-42.00'),
        // Paid 36 days before its refund, which names the payment and carries no custom field.
        { ...payment(5, 'wd-late', '-7.00'), initiatedAt: '2025-12-10T12:00:00Z' },
        {
          ...payment(6, undefined, '7.00'),
          eventCode: 'T1115',
          referenceId: '5TY05013RG0000005',
          initiatedAt: at('09:00:00'),
        },
      );
      const { records } = await readWholeDay(reader, DAY);
      expect(byReference(records, 'wd-amount')[0]).to.include({ amount: '12.99' });
      expect(byReference(records, 'wd-missing')).to.deep.equal([]);
      expect(byReference(records, 'wd-dup').map((r) => r.providerId)).to.deep.equal([
        '5TY05013RG0000002',
        '5TY05013RG0000003',
      ]);
      expect(byReference(records, null).map((r) => r.amount)).to.deep.equal(['42.00']);
      expect(byReference(records, 'wd-late')).to.deep.equal([
        {
          provider: 'paypal',
          providerId: '5TY05013RG0000005',
          reference: 'wd-late',
          amount: '7.00',
          currency: 'USD',
          state: 'RETURNED',
          providerState: 'T1115',
          createdAt: new Date(at('09:00:00')),
          finalAt: new Date(at('09:00:00')),
          fee: null,
        },
      ]);
    });

    it('is unavailable on an outage, held back by its Retry-After', async () => {
      paypal.book(payment(1, 'wd-1', '-1.00'));
      // The token comes first; the search is refused.
      expect((await readWholeDay(reader, DAY)).records).to.have.length(1);
      paypal.refuseNext([
        503,
        { name: 'SERVICE_UNAVAILABLE', message: 'Try later' },
        { 'retry-after': '30' },
      ]);
      expect(await reader.readPage(DAY, null)).to.deep.include({ kind: 'UNAVAILABLE', retryAfterMs: 30_000 });
    });
  });

  describe('Wise: the profile’s transfers', () => {
    let wise: FakeWise;
    let reader: ProviderRecordsReader;

    beforeEach(async () => {
      wise = await FakeWise.start();
      reader = readerOf(
        {
          RAILS: 'SWIFT=wise',
          WISE_API_TOKEN: 'token_local',
          WISE_PROFILE_ID: '16313153',
          WISE_BASE_URL: wise.url,
        },
        'wise',
      );
    });
    afterEach(() => wise.close());

    /** Our withdrawal ids are UUIDs, as `customerTransactionId` must be. */
    const key = (n: number) => `0b6f8d5e-4c1a-4f7e-9d3b-${String(n).padStart(12, '0')}`;
    const transfer = (n: number, reference: string | null, targetValue: number): BookedWiseTransfer => ({
      id: 50000000 + n,
      customerTransactionId: reference,
      status: 'outgoing_payment_sent',
      created: '2026-01-15 12:00:00',
      sourceValue: targetValue,
      targetValue,
    });

    it('reads the day’s transfers over pages of Wise’s limit, from offset to offset, with the fee on top', async () => {
      wise.book(
        ...Array.from({ length: 205 }, (_, n) => transfer(n + 1, key(n + 1), 10)),
        { ...transfer(300, key(300), 1234.56), sourceValue: 1240.97 },
        {
          ...transfer(301, key(301), 98.7),
          sourceCurrency: 'USD',
          targetCurrency: 'EUR',
          sourceValue: 111.11,
        },
        { ...transfer(302, key(302), 10), created: '2026-01-14 23:59:59' },
      );
      const day = await readWholeDay(reader, DAY);
      expect(day.records).to.have.length(207);
      expect(new Set(day.records.map((r) => r.providerId)).size).to.equal(207);
      expect(day.cursors).to.deep.equal([null, '0:100', '0:200']);
      expect(byReference(day.records, key(300))[0]).to.deep.equal({
        provider: 'wise',
        providerId: '50000300',
        reference: key(300),
        amount: '1234.56',
        currency: 'USD',
        state: 'PAID',
        providerState: 'outgoing_payment_sent',
        createdAt: new Date(at('12:00:00')),
        finalAt: null,
        fee: '6.41',
      });
      // Converted: the withdrawal is the USD sent, Wise's fee inside the rate.
      expect(byReference(day.records, key(301))[0]).to.include({
        amount: '111.11',
        currency: 'USD',
        fee: null,
      });
      expect(byReference(day.records, key(302))).to.deep.equal([]);
    });

    it('gives each scripted discrepancy as reconciliation reads it', async () => {
      wise.book(
        transfer(1, key(1), 12.99),
        transfer(2, key(2), 5),
        transfer(3, key(2), 5),
        transfer(4, null, 42),
        { ...transfer(5, key(5), 7), status: 'funds_refunded' },
        { ...transfer(6, key(6), 7), status: 'processing' },
      );
      const { records } = await readWholeDay(reader, DAY);
      expect(byReference(records, key(1))[0]).to.include({ amount: '12.99' });
      expect(byReference(records, key(9))).to.deep.equal([]);
      expect(byReference(records, key(2))).to.have.length(2);
      expect(byReference(records, null).map((r) => r.amount)).to.deep.equal(['42.00']);
      expect(byReference(records, key(5))[0]).to.include({
        state: 'FAILED',
        providerState: 'funds_refunded',
      });
      expect(byReference(records, key(6))[0]).to.include({ state: 'PENDING' });
    });

    it('is unavailable on an outage, held back by its Retry-After', async () => {
      wise.refuseNext([
        503,
        { errors: [{ code: 'SERVICE_UNAVAILABLE', message: 'Try again later', path: '', arguments: [] }] },
        { 'retry-after': '4' },
      ]);
      expect(await reader.readPage(DAY, null)).to.deep.include({ kind: 'UNAVAILABLE', retryAfterMs: 4000 });
    });
  });
});
