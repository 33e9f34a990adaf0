import { expect } from 'chai';
import { meanOfRuns } from './baseline-rows.mjs';
import { buildRows, renderMarkdown } from './report.mjs';

const latency = (p50, p99) => ({ count: 100, p50, p99, mean: p50 });
const cpu = (serviceMs, postgresMs, machineMs = serviceMs + postgresMs) => ({
  serviceMs: serviceMs * 100,
  postgresMs: postgresMs * 100,
  loadToolMs: 10,
  otherMs: 5,
  machineBusyPct: 90,
  servicePerRequestMs: serviceMs,
  postgresPerRequestMs: postgresMs,
  machinePerRequestMs: machineMs,
});

function results(overrides = {}) {
  return {
    mode: 'quick',
    startedAt: '2026-11-22T00:00:00.000Z',
    machine: { cpus: 2, cpuModel: 'test', memoryGb: 4, serviceNode: 'v24' },
    postgres: {
      server_version: '15',
      shared_buffers: '128MB',
      fsync: 'on',
      synchronous_commit: 'on',
      full_page_writes: 'on',
      wal_compression: 'off',
      autovacuum: 'off',
    },
    settings: { connections: 32 },
    notes: [],
    baselines: {
      pgbench: { tps: 3000, latencyMs: latency(8, 40), cpu: cpu(0, 0.2, 0.5) },
      express: { throughput: 10_000, latencyMs: latency(1, 3), peakRssMb: 90, cpu: cpu(0.1, 0) },
    },
    creation: { connections: 32, throughput: 1600, latencyMs: latency(18, 60), cpu: cpu(1, 0.8, 2.5) },
    lookup: { throughput: 4000, latencyMs: latency(7, 20), cpu: cpu(0.4, 0.1) },
    drain: { withdrawals: 2200, events: 6600, seconds: 1, drained: true, cpu: cpu(2, 1) },
    workerColdStart: { withdrawals: 200, events: 600, seconds: 2.345, drained: true },
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
    expect(byFigure(rows, 'Worker cold start')).to.include({
      figure: 'Worker cold start: started, then 200 warm-up withdrawals and 600 webhooks settled',
      value: 2.35,
      ratio: null,
      met: null,
    });
    expect(byFigure(rows, 'Peak RSS, API')).to.include({ value: 310, met: false });
    expect(byFigure(rows, 'Peak RSS, worker')).to.include({ value: 150, met: true });
    expect(byFigure(rows, 'Withdrawal p50, 1M')).to.include({ baseline: 20, ratio: 1.15, met: true });
    expect(byFigure(rows, 'PostgreSQL CPU per withdrawal')).to.include({
      value: 0.8,
      baseline: 0.2,
      ratio: 4,
    });
  });

  it('shows the rate creation could reach with every core busy at its measured CPU per withdrawal', () => {
    const rows = buildRows(results());
    expect(byFigure(rows, 'Machine CPU per withdrawal')).to.include({ value: 2.5, baseline: 0.5, ratio: 5 });
    // 2 cores × 1000 ms / 2.5 ms per withdrawal, against pgbench's 3,000 tps.
    expect(byFigure(rows, 'Creation with all 2 cores busy')).to.include({
      value: 800,
      baseline: 3000,
      ratio: 0.27,
      met: null,
    });
    const unmeasured = buildRows(results({ creation: undefined }));
    expect(byFigure(unmeasured, 'Creation with all 2 cores busy')).to.include({ value: null, ratio: null });
  });

  it('judges creation and lookup against the mean of the baselines’ two runs, the second beside the first', () => {
    const baselinesAfter = {
      pgbench: { tps: 2000, latencyMs: latency(12, 60), cpu: cpu(0, 0.4, 0.7) },
      express: { throughput: 6000, latencyMs: latency(2, 5), peakRssMb: 94, cpu: cpu(0.2, 0) },
    };
    const input = results({ baselinesAfter });
    const rows = buildRows(input);
    // 1,600 against (3,000 + 2,000) / 2; against the first run alone it was 0.53.
    expect(byFigure(rows, 'Withdrawal creation')).to.include({
      baseline: 2500,
      baselineName: 'pgbench TPC-B tps, mean of its two runs',
      ratio: 0.64,
      met: true,
    });
    // 4,000 against (10,000 + 6,000) / 2: met, where the first run alone gave 0.4.
    expect(byFigure(rows, 'Webhook-payload lookup')).to.include({ baseline: 8000, ratio: 0.5, met: true });
    expect(byFigure(rows, 'Withdrawal p99')).to.include({ baseline: 50, ratio: 1.2 });
    expect(byFigure(rows, 'PostgreSQL CPU per withdrawal')).to.include({ baseline: 0.3, ratio: 2.67 });
    expect(byFigure(rows, 'Service CPU per lookup')).to.include({ baseline: 0.15 });
    expect(byFigure(rows, 'pgbench TPC-B, run again')).to.include({
      value: 2000,
      baseline: 3000,
      ratio: 0.67,
    });
    expect(byFigure(rows, 'Bare Express, run again')).to.include({
      value: 6000,
      baseline: 10_000,
      ratio: 0.6,
    });
    const markdown = renderMarkdown(input, rows);
    expect(markdown).to.contain('| pgbench TPC-B, again | 90% | 0 | 40 |');
    expect(markdown).to.contain('| bare Express, again | 90% | 20 | 0 |');
    const once = buildRows(results());
    expect(byFigure(once, 'pgbench TPC-B, run again')).to.equal(undefined);
    expect(byFigure(once, 'Withdrawal creation').baselineName).to.equal('pgbench TPC-B tps');
  });

  it('averages two runs number by number, nested too, and keeps what only the first run has', () => {
    const before = { tps: 10, latencyMs: { p50: 2, p99: 9 }, label: 'x', scale: 10 };
    const after = { tps: 20, latencyMs: { p50: 4, p99: 7 }, label: 'y' };
    expect(meanOfRuns(before, after)).to.deep.equal({
      tps: 15,
      latencyMs: { p50: 3, p99: 8 },
      label: 'x',
      scale: 10,
    });
    expect(meanOfRuns(before, undefined)).to.equal(before);
  });

  it('shows the re-warm’s p99 beside the measured one, unjudged, and nothing for runs without one', () => {
    const rows = buildRows(results({ creationRewarm: { ok: 1000, latencyMs: latency(25, 140) } }));
    expect(byFigure(rows, 'Withdrawal p99 in the 1000 re-warm requests right after ANALYZE')).to.include({
      value: 140,
      baseline: 60,
      target: null,
    });
    expect(byFigure(buildRows(results()), 'Withdrawal p99 in the')).to.equal(undefined);
  });

  it('shows the disk’s flush p99, longest and stalls beside the p99 rows, unjudged, and nothing where it was not measured', () => {
    const diskFlush = {
      dir: '/var/lib/postgresql/15',
      seconds: 10,
      latencyMs: { count: 5000, p50: 0.1, p99: 0.2, mean: 0.15, max: 298.5 },
      stalls: 2,
      stallsPerMinute: 12,
    };
    const rows = buildRows(results({ diskFlush }));
    const figures = rows.map((each) => each.figure);
    const first = figures.findIndex((figure) => figure.startsWith('Disk flush'));
    expect(figures[first - 1]).to.match(/^Withdrawal p99 \/ mean/);
    expect(rows.slice(first, first + 3).map((each) => [each.value, each.unit, each.met])).to.deep.equal([
      [0.2, 'ms', null],
      [298.5, 'ms', null],
      [12, '/min', null],
    ]);
    const unmeasured = buildRows(results({ diskFlush: { dir: null, reason: 'remote' } }));
    expect(unmeasured.some((each) => each.figure.startsWith('Disk flush'))).to.equal(false);
  });

  it('shows the creation rate a 50 ms p99 needs at this run’s latency shape, and that shape beside pgbench’s', () => {
    const rows = buildRows(results());
    // 1,600 req/s at a p99 of 60 ms: every latency scaled by 50 / 60 needs 1,600 × 60 / 50.
    expect(byFigure(rows, 'Creation rate a 50 ms p99 needs')).to.include({
      value: 1920,
      baseline: 3000,
      ratio: 0.64,
      met: null,
    });
    // p99 over the mean: 60 / 18 against pgbench's 40 / 8.
    expect(byFigure(rows, 'Withdrawal p99 / mean')).to.include({ value: 3.33, baseline: 5, ratio: 0.67 });
    const unmeasured = buildRows(results({ creation: undefined }));
    expect(byFigure(unmeasured, 'Creation rate a 50 ms p99 needs')).to.include({ value: null });
  });

  it('shows CPU per withdrawal at each growth point when the points were metered, and their statements', () => {
    const growth = [
      {
        label: '10k',
        latencyMs: latency(20, 50),
        cpu: cpu(1, 0.8),
        statements: { top: [{ calls: 1, rows: 1, execMs: 5, planMs: 0, text: 'INSERT a|b' }], total: {} },
      },
      { label: '1M', latencyMs: latency(23, 70), cpu: cpu(1.5, 1.2) },
    ];
    const input = results({ growth });
    const rows = buildRows(input);
    expect(byFigure(rows, 'PostgreSQL CPU per withdrawal, 1M stored')).to.include({
      value: 1.2,
      baseline: 0.8,
      ratio: 1.5,
      met: null,
    });
    expect(byFigure(rows, 'Service CPU per withdrawal, 1M stored')).to.include({ value: 1.5, ratio: 1.5 });
    const markdown = renderMarkdown(input, rows);
    expect(markdown).to.contain('| growth, 1M stored | 90% | 150 | 120 |');
    expect(markdown).to.contain('Statements of the growth point at 10k stored');
    expect(markdown).to.contain('`INSERT a\\|b`');
    expect(markdown).not.to.contain('Statements of the growth point at 1M stored');
    expect(byFigure(buildRows(results()), 'PostgreSQL CPU per withdrawal, 1M')).to.equal(undefined);
  });

  it('shows each growth point’s warm-up beside it, without a target, and its CPU by phase', () => {
    const growth = [
      {
        label: '10k',
        latencyMs: latency(20, 50),
        warmup: { latencyMs: latency(22, 60), cpu: cpu(1.5, 0.5) },
      },
      { label: '1M', latencyMs: latency(23, 70), warmup: { latencyMs: latency(33, 90), cpu: cpu(2, 1.5) } },
    ];
    const input = results({ growth });
    const rows = buildRows(input);
    expect(byFigure(rows, 'Withdrawal p50, 1M stored, during its warm-up')).to.include({
      value: 33,
      baseline: 22,
      baselineName: 'warm-up at 10k',
      ratio: 1.5,
      met: null,
    });
    expect(byFigure(rows, 'Withdrawal p50, 1M stored')).to.include({ value: 23, ratio: 1.15, met: true });
    const markdown = renderMarkdown(input, rows);
    expect(markdown).to.contain('| growth warm-up before 1M stored | 90% | 200 | 150 |');
    expect(markdown).to.contain('| growth warm-up before 10k stored | 90% | 150 | 50 |');
    expect(byFigure(buildRows(results()), 'Withdrawal p50, 1M stored, during')).to.equal(undefined);
  });

  it('judges growth against the mean of the small point before and after the large one, the drift beside it', () => {
    const growth = [
      { label: '16.5k', latencyMs: latency(20, 50), cpu: cpu(0.5, 0.4) },
      { label: '1.01M', latencyMs: latency(27, 70), cpu: cpu(0.6, 0.6) },
      { label: '25.5k', latencyMs: latency(26, 60), cpu: cpu(0.7, 0.6), again: true },
    ];
    const input = results({ growth });
    const rows = buildRows(input);
    expect(byFigure(rows, 'Withdrawal p50, 1.01M stored')).to.include({
      baseline: 23,
      ratio: 1.17,
      met: true,
    });
    expect(
      byFigure(rows, 'Withdrawal p50, 25.5k stored, measured again after the large point (drift)'),
    ).to.include({
      value: 26,
      baseline: 20,
      ratio: 1.3,
      met: null,
    });
    expect(byFigure(rows, 'Service CPU per withdrawal, 1.01M')).to.include({ baseline: 0.6, ratio: 1 });
    expect(byFigure(rows, 'PostgreSQL CPU per withdrawal, 1.01M')).to.include({ baseline: 0.5, ratio: 1.2 });
    const markdown = renderMarkdown(input, rows);
    expect(markdown).to.contain(
      '| growth, 25.5k stored, measured again after the large point | 90% | 70 | 60 |',
    );
    expect(markdown).to.contain('| growth, 1.01M stored | 90% | 60 | 60 |');
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
        workerColdStart: undefined,
      }),
    );
    expect(byFigure(rows, 'Settlement drain')).to.include({ value: null, met: false });
    expect(byFigure(rows, 'Settlement drain').figure).to.contain('NOT drained');
    expect(byFigure(rows, 'Worker cold start')).to.include({ value: null, met: null });
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
    expect(markdown).to.contain('full_page_writes on, wal_compression off, autovacuum off).');
  });
});
