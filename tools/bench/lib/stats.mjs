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
