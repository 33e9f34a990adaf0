// Growth: the same withdrawal load with a small and a large number of withdrawals already stored.
import { requireAllOk } from './load.mjs';
import { countWithdrawals, seedWithdrawalsUpTo } from './seed-withdrawals.mjs';

export const countLabel = (n) =>
  n >= 1e6 ? `${+(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : String(n);

/**
 * `createLoad(amount, onProgress)` runs the withdrawal load; returns one load result per stored size. With
 * `meter`, each point also carries what `meter()` measured over its load (`stop(ok)` merged into the point), so
 * that what grows with the data (CPU per withdrawal, each statement's time) shows beside the latency.
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
}) {
  const points = [];
  // Seeding dominates the phase's time when the large size is in the millions.
  const seedShare = sizes.at(-1) / (sizes.at(-1) + requests * 200);
  for (const [index, target] of sizes.entries()) {
    const at = (fraction) => (index + fraction) / sizes.length;
    await seedWithdrawalsUpTo(client, {
      merchantId,
      target,
      onProgress: (done, detail) => onProgress(at(done * seedShare), detail),
    });
    // The same warm-up before each point: the large one follows minutes of seeding in which the API sat idle (its
    // pooled connections closed, its heap shrunk), the small one follows the lookup phase with everything warm.
    if (warmup > 0) requireAllOk(`growth warm-up at ${target}`, await createLoad(warmup));
    const stored = await countWithdrawals(client);
    const measuring = meter ? await meter() : null;
    const load = await createLoad(requests, (done, detail) =>
      onProgress(at(seedShare + done * (1 - seedShare)), `${countLabel(stored)} stored: ${detail}`),
    );
    requireAllOk(`growth at ${stored}`, load);
    const measured = measuring ? await measuring.stop(load.ok) : {};
    points.push({ stored, label: countLabel(stored), ...load, ...measured });
  }
  return points;
}
