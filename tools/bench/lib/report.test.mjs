import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { reportRows, row, targets, writeReport } from './report.mjs';

const latency = (p50, p99) => ({ count: 100, p50, p99, mean: p50 });
const cpu = (perItemMs, stolenPct = 0) => ({ perItemMs, machineBusyPct: 95, stolenPct });

/** A run's results as bench.mjs gathers them. */
function results() {
  return {
    mode: 'quick',
    startedAt: '2026-01-01T00:00:00.000Z',
    machine: { cpus: 2, cpuModel: 'Test CPU', memoryGb: 8, node: 'v24.0.0' },
    postgres: { server_version: '18.4', autovacuum: 'on' },
    settings: { connections: 32, logLevel: 'info' },
    baselines: {
      pgbench: { tps: 2000, latencyMs: latency(10, 40), cpu: cpu({ postgres: 0.5, machine: 1 }) },
      express: { throughput: 20_000, latencyMs: latency(1, 4), peakRssMb: 90 },
    },
    light: { withdrawals: 100, perSecond: 5, latencyMs: latency(40, 260) },
    burst: {
      connections: 32,
      throughput: 900,
      latencyMs: latency(30, 120),
      cpu: cpu({ api: 0.5, worker: 0.5, postgres: 0.5, machine: 2.5 }, 5),
    },
    sustained: {
      creation: { throughput: 700, latencyMs: latency(40, 90) },
      endToEnd: { perSecond: 650 },
      cpu: cpu({ api: 0.6, worker: 0.5, postgres: 0.4, machine: 1.8 }),
    },
    lookup: { throughput: 12_000, latencyMs: latency(2, 6) },
    rss: { api: 210, worker: 320 },
    growth: {
      small: { label: '10k', latencyMs: latency(20, 50) },
      large: { label: '1M', latencyMs: latency(23, 60) },
    },
    notes: ['a note'],
  };
}

const byFigure = (rows, start) => rows.find((x) => x.figure.startsWith(start));

describe('bench report', () => {
  it('judges each headline figure against its same-run baseline and target', () => {
    const rows = reportRows(results());
    expect(byFigure(rows, 'End to end')).to.include({ value: 650, ratio: 0.33, met: true });
    expect(byFigure(rows, 'Drain')).to.include({ ratio: 0.93, target: '≥ 1 × baseline', met: false });
    expect(byFigure(rows, 'Webhook latency at light load')).to.include({
      value: 260,
      target: '≤ 250 ms',
      met: false,
    });
    expect(byFigure(rows, 'Creation burst')).to.include({ ratio: 0.45, met: true });
    expect(byFigure(rows, '– burst p99')).to.include({ value: 120, target: '≤ 100 ms', met: false });
    expect(byFigure(rows, 'Lookup')).to.include({ ratio: 0.6, met: true });
    expect(byFigure(rows, 'Peak RSS, API')).to.include({ met: true });
    expect(byFigure(rows, 'Peak RSS, worker')).to.include({ met: false });
    expect(byFigure(rows, 'Growth')).to.include({
      ratio: 1.15,
      met: true,
      baseline: '20 (p50 at 10k stored)',
    });
    const [sustainedCeiling, burstCeiling] = rows.filter((x) => x.figure.startsWith('– CPU ceiling'));
    expect(sustainedCeiling, 'two cores at 1.8 ms each').to.include({
      value: 1111.11,
      ratio: 0.56,
      met: null,
    });
    expect(burstCeiling, 'two cores at 2.5 ms each, 5 % of their time stolen').to.include({
      value: 760,
      ratio: 0.38,
      met: null,
    });
    expect(burstCeiling?.figure).to.include('2 cores').and.include('95 % busy, 5 % stolen');
    expect(byFigure(rows, 'CPU per withdrawal, worker')).to.include({ value: 0.5, ratio: null, met: null });
  });

  it('leaves the ratio and verdict empty when a figure or its baseline is missing', () => {
    expect(row('x', null, 'ms', 'b', 3, targets.ratioAtLeast(1))).to.include({ ratio: null, met: null });
    expect(row('x', 5, 'ms', 'b', null, targets.ratioAtLeast(1))).to.include({ ratio: null, met: null });
    expect(row('x', 5, 'MB', 'b', null, targets.below(300, 'MB'))).to.include({ met: true });
  });

  it('writes the table with the machine and the settings in its header', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
    try {
      const markdown = writeReport(dir, results());
      expect(readFileSync(join(dir, 'latest.md'), 'utf8')).to.equal(markdown);
      expect(markdown).to.include('2 × Test CPU').and.include('server_version 18.4; autovacuum on');
      expect(markdown).to.include('logLevel info').and.include('- a note');
      expect(markdown).to.match(
        /\| Peak RSS, worker process \| 320 MB \| 90 \(bare Express\) \| 3\.56 \| < 300 MB \| \*\*no\*\* \|/,
      );
      const json = JSON.parse(readFileSync(join(dir, 'latest.json'), 'utf8'));
      expect(json.rows).to.have.length(reportRows(results()).length);
      expect(json.baselines.pgbench.tps).to.equal(2000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
