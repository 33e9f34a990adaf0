import { expect } from 'chai';
import { waitForDrain } from './drain.mjs';

/** A database that answers the drain's whole-table counts with `states`, one after another, and counts them. */
function fakeDatabase(states) {
  const database = {
    asked: 0,
    query() {
      const [withdrawals, final, events, delivered] = states[Math.min(database.asked++, states.length - 1)];
      return {
        rows: [
          {
            withdrawals: `${withdrawals}`,
            final: `${final}`,
            events: `${events}`,
            delivered: `${delivered}`,
          },
        ],
      };
    },
  };
  return database;
}

/** A receiver whose acknowledged count is `counts`, one per call, then the last one for ever. */
function fakeReceiver(counts) {
  let call = 0;
  return () => counts[Math.min(call++, counts.length - 1)];
}

describe('bench drain wait', () => {
  it('asks the database only when the receiver acknowledged nothing new since the last look', async () => {
    const database = fakeDatabase([
      [10, 0, 10, 0],
      [10, 5, 20, 14],
      [10, 10, 30, 30],
    ]);
    const result = await waitForDrain(database, {
      since: Date.now(),
      timeoutMs: 5_000,
      pollMs: 1,
      // start, then growing for two polls, a pause (asked), growing again, then quiet (asked: drained)
      acknowledged: fakeReceiver([0, 6, 12, 12, 20, 30, 30]),
    });
    expect(database.asked).to.equal(3);
    expect(result).to.include({ withdrawals: 10, final: 10, events: 30, delivered: 30, drained: true });
  });

  it('asks the database on every poll without a receiver', async () => {
    const database = fakeDatabase([
      [2, 0, 2, 0],
      [2, 1, 4, 3],
      [2, 2, 6, 6],
    ]);
    const progress = [];
    const result = await waitForDrain(database, {
      since: Date.now(),
      timeoutMs: 5_000,
      pollMs: 1,
      onProgress: (done) => progress.push(done),
    });
    expect(database.asked).to.equal(3);
    expect(result.drained).to.equal(true);
    expect(progress).to.deep.equal([0.625, 1]);
  });

  it('while the receiver has acknowledged fewer events than the database held, asks only every quietMs', async () => {
    const database = fakeDatabase([[5, 0, 10, 0]]);
    const result = await waitForDrain(database, {
      since: Date.now(),
      timeoutMs: 60,
      pollMs: 1,
      quietMs: 1_000,
      acknowledged: () => 4,
    });
    expect(result.drained).to.equal(false);
    expect(database.asked, 'only the first look').to.equal(1);
  });

  it('asks at every look once the receiver has acknowledged as many events as the database held', async () => {
    const database = fakeDatabase([
      [5, 5, 10, 9],
      [5, 5, 10, 9],
      [5, 5, 10, 10],
    ]);
    const result = await waitForDrain(database, {
      since: Date.now(),
      timeoutMs: 5_000,
      pollMs: 1,
      quietMs: 60_000,
      acknowledged: () => 10,
    });
    expect(result.drained, 'the last outcome recorded two looks after the last acknowledgement').to.equal(
      true,
    );
    expect(database.asked).to.equal(3);
  });

  it('gives up at the timeout and says it did not drain', async () => {
    const database = fakeDatabase([[5, 0, 5, 0]]);
    const result = await waitForDrain(database, {
      since: Date.now(),
      timeoutMs: 20,
      pollMs: 2,
      acknowledged: () => 0,
    });
    expect(result).to.include({ drained: false, final: 0 });
  });
});
