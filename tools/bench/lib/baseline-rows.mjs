// The baselines run twice (before the service and after its lookup phase): what the figures are judged against,
// and how far the machine drifted between the two runs.
import { row } from './report-row.mjs';

/** `before` and `after` averaged number by number, nested objects too; what only `before` has is kept as it is. */
export function meanOfRuns(before, after) {
  if (!before || !after) return before ?? after;
  const out = {};
  for (const [key, value] of Object.entries(before)) {
    const other = after[key];
    if (typeof value === 'number' && typeof other === 'number') out[key] = (value + other) / 2;
    else if (value && other && typeof value === 'object' && typeof other === 'object')
      out[key] = meanOfRuns(value, other);
    else out[key] = value;
  }
  return out;
}

/**
 * The baselines the figures are judged against: where they ran again after the service's phases
 * (`baselinesAfter`), the mean of both runs, so that a machine whose speed drifted during the run moves its
 * baselines with it.
 */
export function judgedBaselines({ baselines, baselinesAfter }) {
  if (!baselinesAfter) return baselines;
  return {
    pgbench: meanOfRuns(baselines.pgbench, baselinesAfter.pgbench),
    express: meanOfRuns(baselines.express, baselinesAfter.express),
  };
}

/** How far the baselines moved between their two runs: the second against the first. */
export function driftRows({ baselines, baselinesAfter }) {
  if (!baselinesAfter) return [];
  const first = 'first run, before the service';
  return [
    row(
      'pgbench TPC-B, run again after the lookup (drift)',
      baselinesAfter.pgbench?.tps ?? null,
      'tps',
      first,
      baselines.pgbench?.tps,
      null,
    ),
    row(
      'Bare Express, run again after the lookup (drift)',
      baselinesAfter.express?.throughput ?? null,
      'req/s',
      first,
      baselines.express?.throughput,
      null,
    ),
  ];
}
