// Settlement drain: with the worker started, polls the database until every withdrawal is final (SUCCESS or
// FAILED) and every webhook event of theirs is DELIVERED (the receiver answered 2xx), or the time runs out.

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

/** `since` is when the worker was started: the drain time includes its start-up. */
export async function waitForDrain(client, { since, timeoutMs, onProgress }) {
  const started = since ?? Date.now();
  let state = await drainState(client);
  while (!isDrained(state) && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    state = await drainState(client);
    onProgress?.(
      (state.final / state.withdrawals + state.delivered / Math.max(1, state.events)) / 2,
      `${state.final}/${state.withdrawals} final, ${state.delivered}/${state.events} webhooks acknowledged`,
    );
  }
  return { ...state, drained: isDrained(state), seconds: (Date.now() - started) / 1000 };
}
