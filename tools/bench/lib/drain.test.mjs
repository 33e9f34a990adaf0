import { expect } from 'chai';
import { waitForDrain } from './drain.mjs';

/** `values`' next answer, then its last one for ever. */
const next = (values, counter) => values[Math.min(counter, values.length - 1)];

/**
 * A database that answers the drain's three queries, each from its own list, one answer after another, and counts
 * them: the whole count (`states`: withdrawals, final, events, delivered), the count of withdrawals alone
 * (`withdrawals`: withdrawals, final) and whether an event is due (`due`).
 */
function fakeDatabase({ states, withdrawals = [[1, 0]], due = [false] }) {
  const database = {
    counted: 0,
    withdrawalsCounted: 0,
    looked: 0,
    query(text) {
      if (/EXISTS/.test(text)) return { rows: [{ due: next(due, database.looked++) }] };
      if (!/webhook_deliveries/.test(text)) {
        const [total, final] = next(withdrawals, database.withdrawalsCounted++);
        return { rows: [{ withdrawals: `${total}`, final: `${final}` }] };
      }
      const [total, final, events, delivered] = next(states, database.counted++);
      return {
        rows: [
          { withdrawals: `${total}`, final: `${final}`, events: `${events}`, delivered: `${delivered}` },
        ],
      };
    },
  };
  return database;
}

/** A receiver whose acknowledged count is `counts`, one per call, then the last one for ever. */
function fakeReceiver(counts) {
  let call = 0;
  return () => next(counts, call++);
}

/** A clock that moves only when the drain waits: every poll is exactly `pollMs` later. */
function manualClock() {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
}

describe('bench drain wait', () => {
  it('looks only when the receiver acknowledged nothing new, and counts everything once nothing is left', async () => {
    const database = fakeDatabase({
      states: [
        [10, 0, 10, 0],
        [10, 10, 30, 30],
      ],
      withdrawals: [[10, 10]],
      due: [true, false],
    });
    const result = await waitForDrain(database, {
      clock: manualClock(),
      timeoutMs: 5_000,
      pollMs: 1,
      progressMs: 60_000,
      // start, then growing for two looks, a pause (events due), growing again, then quiet (nothing due: counted)
      acknowledged: fakeReceiver([0, 6, 12, 12, 20, 30, 30]),
    });
    expect(database.looked).to.equal(2);
    expect(database.counted, 'the first whole count and the one that saw the end').to.equal(2);
    expect(result).to.include({ withdrawals: 10, final: 10, events: 30, delivered: 30, drained: true });
  });

  it('counts nothing while events are due, however quiet the receiver', async () => {
    const database = fakeDatabase({ states: [[5, 0, 10, 0]], due: [true] });
    const result = await waitForDrain(database, {
      clock: manualClock(),
      timeoutMs: 60,
      pollMs: 1,
      progressMs: 60_000,
      acknowledged: () => 4,
    });
    expect(result.drained).to.equal(false);
    expect(database.counted, 'only the first whole count').to.equal(1);
    expect(database.withdrawalsCounted).to.equal(0);
    expect(database.looked).to.be.greaterThan(5);
  });

  it('with no event due, counts everything only once every withdrawal is final', async () => {
    const database = fakeDatabase({
      states: [
        [5, 3, 10, 10],
        [5, 5, 12, 12],
      ],
      withdrawals: [
        [5, 4],
        [5, 4],
        [5, 5],
      ],
    });
    const progress = [];
    const result = await waitForDrain(database, {
      clock: manualClock(),
      timeoutMs: 5_000,
      pollMs: 1,
      progressMs: 60_000,
      acknowledged: () => 10,
      onProgress: (_done, detail) => progress.push(detail),
    });
    expect(database.withdrawalsCounted).to.equal(3);
    expect(database.counted).to.equal(2);
    expect(result).to.include({ final: 5, events: 12, delivered: 12, drained: true });
    expect(progress[0]).to.equal('4/5 final, 10/10 webhooks acknowledged');
  });

  it('is not over until a whole count says so, whatever the cheaper counts show', async () => {
    // The first whole count had every event delivered; the withdrawals then all final for the progress shown, but
    // an event was added meanwhile: only the whole count sees it.
    const database = fakeDatabase({
      states: [
        [5, 4, 10, 10],
        [5, 5, 11, 10],
        [5, 5, 11, 11],
      ],
      withdrawals: [[5, 5]],
      due: [true, true, true, false],
    });
    const result = await waitForDrain(database, {
      clock: manualClock(),
      timeoutMs: 5_000,
      pollMs: 5,
      progressMs: 1,
      acknowledged: () => 10,
    });
    expect(result).to.include({ events: 11, delivered: 11, drained: true });
    expect(database.counted).to.equal(3);
  });

  it('without a receiver, looks at every poll and reports progress from what it counted', async () => {
    const database = fakeDatabase({
      states: [
        [2, 0, 2, 0],
        [2, 2, 6, 6],
      ],
      withdrawals: [
        [2, 1],
        [2, 2],
      ],
      due: [true, false],
    });
    const progress = [];
    const result = await waitForDrain(database, {
      clock: manualClock(),
      timeoutMs: 5_000,
      pollMs: 1,
      progressMs: 60_000,
      onProgress: (done) => progress.push(done),
    });
    expect(database.looked).to.equal(3);
    expect(result.drained).to.equal(true);
    expect(progress).to.deep.equal([0, 0.25, 1]);
  });

  it('counts the withdrawals every progressMs for the progress shown, even while busy', async () => {
    const database = fakeDatabase({ states: [[5, 0, 10, 0]], withdrawals: [[5, 2]], due: [true] });
    const progress = [];
    await waitForDrain(database, {
      clock: manualClock(),
      timeoutMs: 120,
      pollMs: 5,
      progressMs: 30,
      acknowledged: fakeReceiver(Array.from({ length: 100 }, (_, i) => i)),
      onProgress: (_done, detail) => progress.push(detail),
    });
    expect(database.looked, 'the receiver was never quiet').to.equal(0);
    expect(database.withdrawalsCounted, 'one every 30 ms of 120').to.equal(4);
    expect(progress.at(-1)).to.match(/^2\/5 final/);
  });

  it('gives up at the timeout and says it did not drain', async () => {
    const database = fakeDatabase({ states: [[5, 0, 5, 0]], due: [true] });
    const result = await waitForDrain(database, {
      clock: manualClock(),
      timeoutMs: 20,
      pollMs: 2,
      acknowledged: () => 0,
    });
    expect(result).to.include({ drained: false, final: 0 });
  });
});
