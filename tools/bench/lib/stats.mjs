// Latency statistics from raw samples, so sub-millisecond figures keep their precision (autocannon's own
// histogram rounds to whole milliseconds).

/** Nearest-rank percentile of `samples` (any order); `p` from 0 to 100. */
export function percentile(samples, p) {
  if (samples.length === 0) return null;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** p50, p99 and the mean, in milliseconds rounded to 0.01. */
export function summarize(samples) {
  const round = (value) => (value === null ? null : Math.round(value * 100) / 100);
  const mean = samples.length === 0 ? null : samples.reduce((sum, value) => sum + value, 0) / samples.length;
  return {
    count: samples.length,
    p50: round(percentile(samples, 50)),
    p99: round(percentile(samples, 99)),
    mean: round(mean),
  };
}

/**
 * Latencies by window of completion time: `samples` are [completedAtMs, latencyMs] pairs, and each window of
 * `windowMs` that saw a response gives its start, count, mean, p99 and max. A tail spread evenly over the run and
 * one that comes in bursts (a pause of the service, a stall of the disk) look alike in one percentile; here not.
 */
export function latencyWindows(samples, windowMs) {
  const windows = new Map();
  for (const [at, latency] of samples) {
    const start = Math.floor(at / windowMs) * windowMs;
    if (!windows.has(start)) windows.set(start, []);
    windows.get(start).push(latency);
  }
  return [...windows]
    .sort((a, b) => a[0] - b[0])
    .map(([startMs, latencies]) => ({
      startMs,
      ...summarize(latencies),
      max: Math.max(...latencies),
    }));
}
