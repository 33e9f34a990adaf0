// Settlement drain: with the worker started, waits until every withdrawal is final (SUCCESS or FAILED) and every
// webhook event of theirs is DELIVERED (the receiver answered 2xx), or the time runs out. The wait must not load
// the database it measures: counting whole tables costs PostgreSQL milliseconds per poll (about 4 % of its CPU
// in a quick drain polled every 200 ms), so the database is asked only when the receiver has acknowledged
// nothing new since the last poll: between status changes, and once everything has arrived.

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
 * distinct events the receiver has acknowledged; without it the database is asked on every poll.
 */
export async function waitForDrain(client, { since, timeoutMs, onProgress, pollMs = 200, acknowledged }) {
  const started = since ?? Date.now();
  let state = await drainState(client);
  let seen = acknowledged?.() ?? 0;
  while (!isDrained(state) && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    const now = acknowledged?.() ?? 0;
    if (!acknowledged || now === seen) state = await drainState(client);
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
