// Settlement drain: waits until every withdrawal is final (SUCCESS or FAILED) and every webhook event of theirs is
// DELIVERED (the receiver answered 2xx), or the time runs out. The wait must not load the database it measures.
// Counting both tables (STATE) is what says the drain is over, but it reads every row version of two tables the
// worker keeps updating, tens of milliseconds a count once they hold their dead versions. So:
// - a look (every `pollMs`) asks the database only when the receiver has acknowledged nothing new since the last
//   one, and then only whether an event still has a next attempt (EVENTS_DUE, on the due index: under a
//   millisecond); when none has, whether every withdrawal is final (WITHDRAWALS, the smaller table), and when every
//   one is, the whole STATE: the end is seen within about two looks (50 ms each) of the last acknowledgement;
// - the progress shown counts the withdrawals every `progressMs`, and the webhooks as the receiver counts them.

const WITHDRAWALS = `
  SELECT count(*) AS withdrawals, count(*) FILTER (WHERE status IN ('SUCCESS', 'FAILED')) AS final
    FROM withdrawals`;

const STATE = `
  SELECT w.withdrawals, w.final, e.events, e.delivered
    FROM (${WITHDRAWALS}) w,
         (SELECT count(*) AS events, count(*) FILTER (WHERE delivery_state = 'DELIVERED') AS delivered
            FROM webhook_deliveries) e`;

/** An event with a next attempt is not delivered (a delivered one has none): the drain is not over. */
const EVENTS_DUE =
  'SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL) AS due';

const numbers = (row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));

async function drainState(client) {
  return numbers((await client.query(STATE)).rows[0]);
}

/**
 * A look at the queues when the receiver is quiet: `{ full: true, …state }` when it may be over, otherwise only
 * what the cheaper queries read (`{ withdrawals, final }`, or nothing while events are due).
 */
async function look(client) {
  if ((await client.query(EVENTS_DUE)).rows[0].due === true) return {};
  const withdrawals = numbers((await client.query(WITHDRAWALS)).rows[0]);
  if (withdrawals.final !== withdrawals.withdrawals) return withdrawals;
  return { full: true, ...(await drainState(client)) };
}

const isDrained = (state) =>
  state.withdrawals > 0 && state.final === state.withdrawals && state.delivered === state.events;

/** Wall time, and a wait on it: a test passes a clock it advances itself. */
const wallClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * `since` is when the worker was started: the drain time includes its start-up. `acknowledged()` is how many
 * distinct events the receiver has acknowledged; without it every look is taken as quiet.
 */
export async function waitForDrain(
  client,
  { since, timeoutMs, onProgress, pollMs = 50, progressMs = 2000, acknowledged, clock = wallClock },
) {
  const started = since ?? clock.now();
  // Only a whole count says it is over; the cheaper ones update the progress shown.
  let state = await drainState(client);
  let drained = isDrained(state);
  let counted = clock.now();
  let seen = acknowledged?.() ?? 0;
  while (!drained && clock.now() - started < timeoutMs) {
    await clock.sleep(pollMs);
    const now = acknowledged?.() ?? 0;
    const quiet = now === seen;
    seen = now;
    if (quiet) {
      const { full, ...seenNow } = await look(client);
      state = { ...state, ...seenNow };
      if (full) drained = isDrained(state);
    }
    if (!drained && clock.now() - counted >= progressMs) {
      state = { ...state, ...numbers((await client.query(WITHDRAWALS)).rows[0]) };
      counted = clock.now();
    }
    const delivered = Math.max(state.delivered, seen);
    const events = Math.max(1, state.events, delivered);
    onProgress?.(
      (state.final / state.withdrawals + delivered / events) / 2,
      `${state.final}/${state.withdrawals} final, ${delivered}/${events} webhooks acknowledged`,
    );
  }
  return { ...state, drained, seconds: (clock.now() - started) / 1000 };
}
