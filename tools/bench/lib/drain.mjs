// Settlement drain: with the worker started, waits until every withdrawal is final (SUCCESS or FAILED) and every
// webhook event of theirs is DELIVERED (the receiver answered 2xx), or the time runs out. The wait must not load
// the database it measures: counting whole tables costs PostgreSQL milliseconds per poll (about 4 % of its CPU
// in a quick drain polled every 200 ms), so the database is asked only when the receiver has acknowledged
// nothing new since the last look: at most every `quietMs` while it has acknowledged fewer events than the
// database last held (between status changes, at start-up), and at each look (every `pollMs`) once it has
// acknowledged as many, which is how the drain ends. The end is so seen within about two looks (50 ms each) of the
// last acknowledgement, where waiting for a quiet 200 ms poll added 200 to 400 ms to every drain.

const STATE = `
  SELECT (SELECT count(*) FROM withdrawals) AS withdrawals,
         (SELECT count(*) FROM withdrawals WHERE status IN ('SUCCESS', 'FAILED')) AS final,
         (SELECT count(*) FROM webhook_events) AS events,
         (SELECT count(*) FROM webhook_events WHERE delivery_state = 'DELIVERED') AS delivered`;

export async function drainState(client) {
  const row = (await client.query(STATE)).rows[0];
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
}

export const isDrained = (state) =>
  state.withdrawals > 0 && state.final === state.withdrawals && state.delivered === state.events;

/**
 * `since` is when the worker was started: the drain time includes its start-up. `acknowledged()` is how many
 * distinct events the receiver has acknowledged; without it the database is asked on every look.
 */
export async function waitForDrain(
  client,
  { since, timeoutMs, onProgress, pollMs = 50, quietMs = 200, acknowledged },
) {
  const started = since ?? Date.now();
  let state = await drainState(client);
  let asked = Date.now();
  let seen = acknowledged?.() ?? 0;
  while (!isDrained(state) && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    const now = acknowledged?.() ?? 0;
    const quiet = now === seen && (now >= state.events || Date.now() - asked >= quietMs);
    if (!acknowledged || quiet) {
      state = await drainState(client);
      asked = Date.now();
    }
    seen = now;
    const delivered = Math.max(state.delivered, seen);
    const events = Math.max(1, state.events, delivered);
    onProgress?.(
      (state.final / state.withdrawals + delivered / events) / 2,
      `${state.final}/${state.withdrawals} final, ${delivered}/${events} webhooks acknowledged`,
    );
  }
  return { ...state, drained: isDrained(state), seconds: (Date.now() - started) / 1000 };
}
