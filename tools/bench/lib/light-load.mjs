// Webhook latency at light load: withdrawals created one at a time at a steady pace, and for each webhook event
// the time from its status change (the event's `created_at`, stamped inside the transaction that changed the
// status, so the commit is counted too) to its first arrival at the receiver.

/** Runs `send(i)` for i in 0..count-1, the i-th started no sooner than i / perSecond seconds after the first. */
export async function paced({ count, perSecond, send, now = Date.now, sleep = defaultSleep }) {
  const started = now();
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    await send(i);
  }
}

const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Milliseconds from each event's status change to its first arrival: `rows` are `{ id, created_at }` of the
 * webhook events, `arrivals` maps an event id (the `webhook-id` header) to Date.now() at its first arrival.
 * An event that never arrived is an error: the phase waits for every webhook before it measures.
 */
export function leaveLatencies(rows, arrivals) {
  return rows.map((row) => {
    const arrived = arrivals.get(row.id);
    if (arrived === undefined) throw new Error(`webhook event ${row.id} never reached the receiver`);
    return arrived - new Date(row.created_at).getTime();
  });
}
