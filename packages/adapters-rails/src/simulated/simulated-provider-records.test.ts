import { Money, type RailId, type RailSubmission } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { createSimulatedRails } from './simulated-payout.rail.js';
import { InMemorySimulatedPayoutBook } from './simulated-payout-book.js';
import { SimulatedProviderRecords } from './simulated-provider-records.js';

const submission = (withdrawalId: string, amount: string, attempt = 1): RailSubmission => ({
  withdrawalId,
  attempt,
  requestedAt: new Date('2026-03-02T10:00:00Z'),
  amount: Money.of(amount),
  currency: 'USD',
  destination: { kind: 'bank', details: {} },
  description: 'test',
});

function sandbox(pageSize = 2) {
  const clock = new ManualClock('2026-03-02T10:00:00.000Z');
  const book = new InMemorySimulatedPayoutBook();
  const rails = createSimulatedRails({ clock, book });
  const rail = (id: RailId) => rails.find((r) => r.id === id)!;
  const records = new SimulatedProviderRecords({ clock, book, pageSize });
  /** Every page of the day, as reconciliation reads them. */
  const readDay = async (day = '2026-03-02') => {
    const pages = [];
    let cursor: string | null = null;
    do {
      const page = await records.readPage(day, cursor);
      if (page.kind !== 'PAGE') throw new Error(page.detail);
      pages.push(page.records);
      cursor = page.next;
    } while (cursor !== null);
    return pages;
  };
  return { clock, rail, readDay, records };
}

describe('SimulatedProviderRecords: the simulated provider’s book, by day and page', () => {
  it('lists what the rails accepted, once each however often submitted, in the state their rules give it now', async () => {
    const { clock, rail, readDay } = sandbox();
    await rail('ACH').submit(submission('w-ok', '25.00'));
    await rail('ACH').submit(submission('w-ok', '25.00', 2));
    await rail('ACH').submit(submission('w-rejected', '25.91'));
    await rail('ACH').submit(submission('w-queued', '25.99'));
    await rail('ACH').submit(submission('w-queued', '25.99', 3));
    await rail('ACH').submit(submission('w-failed', '25.92'));
    await rail('ACH').submit(submission('w-returned', '25.98'));

    const pending = (await readDay()).flat();
    // Accepted at the same instant: in the order of the provider's ids.
    expect(pending.map((r) => [r.reference, r.state])).to.deep.equal([
      ['w-failed', 'PENDING'],
      ['w-ok', 'PENDING'],
      ['w-queued', 'PENDING'],
      ['w-returned', 'PENDING'],
    ]);
    expect(pending[1]).to.deep.equal({
      provider: 'simulated',
      providerId: 'sim-ach-w-ok',
      reference: 'w-ok',
      amount: '25.00',
      currency: 'USD',
      state: 'PENDING',
      providerState: 'pending',
      createdAt: new Date('2026-03-02T10:00:00.000Z'),
      finalAt: null,
      fee: null,
    });

    clock.advance(5000);
    expect((await readDay()).flat().map((r) => r.state)).to.deep.equal(['FAILED', 'PAID', 'PAID', 'PAID']);
    clock.advance(5000);
    const later = (await readDay()).flat();
    expect(later.map((r) => r.state)).to.deep.equal(['FAILED', 'PAID', 'PAID', 'RETURNED']);
    expect(later[3]?.finalAt).to.deep.equal(new Date('2026-03-02T10:00:10.000Z'));
  });

  it('pages by the size it was given, and lists a day by the UTC day of acceptance only', async () => {
    const { clock, rail, readDay } = sandbox(2);
    for (const id of ['a', 'b', 'c']) await rail('RTP').submit(submission(`w-${id}`, '10.00'));
    clock.set('2026-03-03T00:00:00.000Z');
    await rail('RTP').submit(submission('w-next-day', '10.00'));

    expect((await readDay()).map((page) => page.map((r) => r.reference))).to.deep.equal([
      ['w-a', 'w-b'],
      ['w-c'],
    ]);
    expect((await readDay('2026-03-03')).flat().map((r) => r.reference)).to.deep.equal(['w-next-day']);
  });

  it('answers unavailable, with nothing read, when its book cannot be read', async () => {
    const clock = new ManualClock();
    const failing = {
      record: async () => {},
      page: async () => {
        throw new Error('connection refused');
      },
    };
    const records = new SimulatedProviderRecords({ clock, book: failing });
    expect(await records.readPage('2026-03-02', null)).to.deep.equal({
      kind: 'UNAVAILABLE',
      detail: "the simulated provider's book: connection refused",
    });
  });

  it('accepts nothing its book did not take: a submission is unavailable then, and booked when tried again', async () => {
    const clock = new ManualClock();
    let down = true;
    const book = new InMemorySimulatedPayoutBook();
    const flaky = {
      record: async (payout: Parameters<typeof book.record>[0]) => {
        if (down) throw new Error('connection refused');
        return book.record(payout);
      },
      page: book.page.bind(book),
    };
    const [ach] = createSimulatedRails({ clock, book: flaky });
    expect(await ach!.submit(submission('w-1', '10.00'))).to.deep.include({ kind: 'UNAVAILABLE' });
    down = false;
    expect(await ach!.submit(submission('w-1', '10.00', 2))).to.deep.include({ kind: 'ACCEPTED' });
    expect(await book.page(new Date(0), new Date('2100-01-01'), null, 10)).to.have.length(1);
  });

  it('books what the reconciliation triggers say, while the rail answers our polls as for any payout', async () => {
    const { clock, rail, readDay } = sandbox(10);
    const ach = rail('ACH');
    for (const [id, amount] of [
      ['w-81', '25.81'],
      ['w-82', '25.82'],
      ['w-83', '25.83'],
      ['w-84', '25.84'],
    ] as const)
      await ach.submit(submission(id, amount));
    const query = (id: string, amount: string) => ({
      withdrawalId: id,
      reference: `sim-ach-${id}`,
      amount: Money.of(amount),
      submittedAt: new Date('2026-03-02T10:00:00.000Z'),
    });

    clock.advance(5000 + 2 * ach.returnWindowMs);
    const booked = (await readDay()).flat();
    expect(booked.map((r) => [r.providerId, r.reference, r.amount, r.state])).to.deep.equal([
      ['sim-ach-w-81', 'w-81', '26.81', 'PAID'],
      ['sim-ach-w-83', 'w-83', '25.83', 'PAID'],
      ['sim-ach-w-83-again', 'w-83', '25.83', 'PAID'],
      ['sim-ach-w-84', 'w-84', '25.84', 'RETURNED'],
    ]);
    for (const [id, amount] of [
      ['w-82', '25.82'],
      ['w-84', '25.84'],
    ] as const)
      expect(await ach.status(query(id, amount)), id).to.deep.include({ kind: 'SETTLED' });
  });
});
