import { expect } from 'chai';
import { buildRows, renderMarkdown } from './report.mjs';

const latency = (p50, p99) => ({ count: 100, p50, p99, mean: p50 });
const cpu = (serviceMs, postgresMs) => ({
  serviceMs: serviceMs * 100,
  postgresMs: postgresMs * 100,
  loadToolMs: 10,
  otherMs: 5,
  machineBusyPct: 90,
  servicePerRequestMs: serviceMs,
  postgresPerRequestMs: postgresMs,
});

function results(overrides = {}) {
  return {
    mode: 'quick',
    startedAt: '2026-11-22T00:00:00.000Z',
    machine: { cpus: 2, cpuModel: 'test', memoryGb: 4, serviceNode: 'v24' },
    postgres: { server_version: '15', shared_buffers: '128MB', fsync: 'on', synchronous_commit: 'on' },
    settings: { connections: 32 },
    notes: [],
    baselines: {
      pgbench: { tps: 3000, latencyMs: latency(8, 40), cpu: cpu(0, 0.2) },
      express: { throughput: 10_000, latencyMs: latency(1, 3), peakRssMb: 90, cpu: cpu(0.1, 0) },
    },
    creation: { connections: 32, throughput: 1600, latencyMs: latency(18, 60), cpu: cpu(1, 0.8) },
    lookup: { throughput: 4000, latencyMs: latency(7, 20), cpu: cpu(0.4, 0.1) },
    drain: { withdrawals: 2200, events: 6600, seconds: 1, drained: true, cpu: cpu(2, 1) },
    rss: { api: 310, worker: 150 },
    growth: [
      { label: '10k', latencyMs: latency(20, 50) },
      { label: '1M', latencyMs: latency(23, 70) },
    ],
    ...overrides,
  };
}

const byFigure = (rows, prefix) => rows.find((r) => r.figure.startsWith(prefix));

describe('bench report', () => {
  it('sets each figure beside its baseline and judges the issue’s targets', () => {
    const rows = buildRows(results());
    expect(byFigure(rows, 'Withdrawal creation')).to.include({
      value: 1600,
      baseline: 3000,
      ratio: 0.53,
      met: true,
    });
    expect(byFigure(rows, 'Withdrawal p99')).to.include({ value: 60, met: false });
    expect(byFigure(rows, 'Webhook-payload lookup')).to.include({ ratio: 0.4, met: false });
    expect(byFigure(rows, 'Settlement drain')).to.include({ value: 2200, ratio: 1.38, met: true });
    expect(byFigure(rows, 'Peak RSS, API')).to.include({ value: 310, met: false });
    expect(byFigure(rows, 'Peak RSS, worker')).to.include({ value: 150, met: true });
    expect(byFigure(rows, 'Withdrawal p50, 1M')).to.include({ baseline: 20, ratio: 1.15, met: true });
    expect(byFigure(rows, 'PostgreSQL CPU per withdrawal')).to.include({
      value: 0.8,
      baseline: 0.2,
      ratio: 4,
    });
  });

  it('judges a target on the unrounded figures, not on the two decimals it shows', () => {
    const growth = [
      { label: '10k', latencyMs: latency(66.75, 100) },
      { label: '1M', latencyMs: latency(80.28, 190) },
    ];
    expect(byFigure(buildRows(results({ growth })), 'Withdrawal p50, 1M')).to.include({
      ratio: 1.2,
      met: false,
    });
  });

  it('reports a drain that timed out, or a phase that never ran, without a figure and as not met', () => {
    const rows = buildRows(
      results({
        drain: { withdrawals: 2200, events: 6600, seconds: 600, drained: false },
        lookup: undefined,
      }),
    );
    expect(byFigure(rows, 'Settlement drain')).to.include({ value: null, met: false });
    expect(byFigure(rows, 'Settlement drain').figure).to.contain('NOT drained');
    expect(byFigure(rows, 'Webhook-payload lookup')).to.include({ value: null, met: false });
  });

  it('renders one Markdown row per figure with the verdict', () => {
    const input = results();
    const rows = buildRows(input);
    const markdown = renderMarkdown(input, rows);
    const tableRows = markdown.split('\n').filter((line) => /^\| (?!Figure|---|Phase)/.test(line));
    expect(
      tableRows.filter((line) => line.endsWith(' | yes |') || line.endsWith(' | **no** |')),
    ).to.have.length(7);
    expect(markdown).to.contain(
      '| Withdrawal p99 | 60 ms | 40 (pgbench TPC-B p99) | 1.5 | ≤ 50 ms | **no** |',
    );
  });
});
