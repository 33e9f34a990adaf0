// Growth: the same withdrawal load with a small and a large number of withdrawals already stored.
import { requireAllOk } from './load.mjs';
import { countWithdrawals, seedWithdrawalsUpTo } from './seed-withdrawals.mjs';

export const countLabel = (n) =>
  n >= 1e6 ? `${+(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : String(n);

/**
 * `createLoad(amount, onProgress)` runs the withdrawal load; returns one load result per stored size, with its
 * warm-up's load result as `warmup`. `restart()`, when given, replaces the service with a fresh process before
 * each warm-up. With `meter`, each load also carries what `meter()` measured over it
 * (`stop(ok)` merged in), so that what grows with the data (CPU per withdrawal, each statement's time) shows
 * beside the latency.
 *
 * With `again`, the small point is measured a second time after the large one, so that a machine whose speed
 * drifted during the phase shows as two small points that disagree: `again.keep()` runs right after the small
 * point and keeps a copy of its database; `again.use()` runs after the large point, moves a fresh service onto
 * that copy and resolves to a client of it. The repeat is the last element, with `again: true`.
 */
export async function measureGrowth({
  client,
  merchantId,
  sizes,
  requests,
  warmup = 0,
  createLoad,
  onProgress,
  meter,
  restart,
  again,
}) {
  const points = [];
  const pointCount = sizes.length + (again ? 1 : 0);
  // Seeding dominates the phase's time when the large size is in the millions.
  const seedShare = sizes.at(-1) / (sizes.at(-1) + (requests + warmup) * 200);
  const measurePoint = async (index, target, prepare, countClient) => {
    const at = (fraction) => (index + fraction) / pointCount;
    // Warm-up and point share what the seeding leaves, by their number of requests.
    let loadShare = seedShare;
    const measureLoad = async (amount, name) => {
      const from = loadShare;
      const share = ((1 - seedShare) * amount) / (warmup + requests);
      loadShare += share;
      const measuring = meter ? await meter() : null;
      const load = await createLoad(amount, (done, detail) =>
        onProgress(at(from + done * share), `${name}: ${detail}`),
      );
      requireAllOk(`growth ${name} at ${target}`, load);
      return { ...load, ...(measuring ? await measuring.stop(load.ok) : {}) };
    };
    await prepare((done, detail) => onProgress(at(done * seedShare), detail));
    const { statements: _, ...warm } = warmup > 0 ? await measureLoad(warmup, 'warm-up') : {};
    const stored = await countWithdrawals(countClient());
    const load = await measureLoad(requests, `${countLabel(stored)} stored`);
    return { stored, label: countLabel(stored), ...load, ...(warmup > 0 ? { warmup: warm } : {}) };
  };
  for (const [index, target] of sizes.entries()) {
    const point = await measurePoint(
      index,
      target,
      async (progress) => {
        await seedWithdrawalsUpTo(client, { merchantId, target, onProgress: progress });
        // The same history before each point: a fresh API (`restart`), then a warm-up twice the point's length.
        // Without it the large point followed minutes of seeding in which the API sat idle, the small one the
        // lookup phase with everything warm, and an API's cost depends on that history more than on the data: at
        // one stored size (session 19), 0.34–0.46 ms of API CPU per withdrawal in the first 3,000 after 60–120 s
        // idle and 0.23–0.26 in the next, with 13k stored as with 1M; a restarted one 0.38–0.45 after 200, then
        // 0.30–0.35, then 0.24–0.28. The warm-up is measured too, so what a cold service costs stays in the
        // report beside the point.
        if (restart) await restart();
      },
      () => client,
    );
    points.push(point);
    if (index === 0 && again) await again.keep();
  }
  if (again) {
    let copy;
    const repeat = await measurePoint(
      sizes.length,
      sizes[0],
      async () => {
        copy = await again.use();
      },
      () => copy,
    );
    points.push({ ...repeat, again: true });
  }
  return points;
}
