// The report: each figure beside the baseline measured in the same run, their ratio, its target and whether it
// was met. Targets are reported, never asserted.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const round = (value) => (value === null || value === undefined ? null : Math.round(value * 100) / 100);

export const targets = {
  ratioAtLeast: (k) => ({ text: `≥ ${k} × baseline`, met: (_value, ratio) => ratio >= k }),
  ratioAtMost: (k) => ({ text: `≤ ${k} × baseline`, met: (_value, ratio) => ratio <= k }),
  atMost: (limit, unit) => ({ text: `≤ ${limit} ${unit}`, met: (value) => value <= limit }),
  below: (limit, unit) => ({ text: `< ${limit} ${unit}`, met: (value) => value < limit }),
};

/** One row; a missing value or baseline leaves the ratio and the verdict empty. */
export function row(figure, value, unit, baselineName, baseline, target) {
  const known = (x) => x !== null && x !== undefined;
  const ratio = known(value) && known(baseline) && baseline !== 0 ? round(value / baseline) : null;
  const judged = target && known(value) && (ratio !== null || !target.text.includes('baseline'));
  return {
    figure,
    value: round(value),
    unit,
    baseline: known(baseline) ? `${round(baseline)} (${baselineName})` : null,
    ratio,
    target: target?.text ?? null,
    met: judged ? target.met(value, ratio) : null,
  };
}

export function reportRows(r) {
  const pg = r.baselines.pgbench;
  const express = r.baselines.express;
  const { sustained, burst, lookup, growth, light } = r;
  const perWithdrawal = (name) => sustained.cpu.perItemMs[name];
  const { cpus } = r.machine;
  // The most a phase could reach with every core busy at its measured CPU per withdrawal, less the time the
  // hypervisor took away: when the measured rate is close to it, only a cheaper withdrawal moves the rate, and a
  // target above it cannot be met on this machine.
  const ceiling = (cpu, unit) =>
    row(
      `– CPU ceiling: ${cpus} cores ÷ machine CPU per withdrawal (machine ${cpu.machineBusyPct} % busy, ${cpu.stolenPct} % stolen)`,
      (cpus * 1000 * (1 - cpu.stolenPct / 100)) / cpu.perItemMs.machine,
      unit,
      'pgbench TPC-B tps',
      pg.tps,
      null,
    );
  return [
    row(
      'End to end, sustained: created → SUCCESS/FAILED, every webhook acknowledged',
      sustained.endToEnd.perSecond,
      'withdrawals/s',
      'pgbench TPC-B tps',
      pg.tps,
      targets.ratioAtLeast(0.3),
    ),
    ceiling(sustained.cpu, 'withdrawals/s'),
    row(
      '– creation p50 under it',
      sustained.creation.latencyMs.p50,
      'ms',
      'pgbench p50',
      pg.latencyMs.p50,
      null,
    ),
    row(
      '– creation p99 under it',
      sustained.creation.latencyMs.p99,
      'ms',
      'pgbench p99',
      pg.latencyMs.p99,
      null,
    ),
    row(
      'Drain: settled against created, sustained',
      sustained.endToEnd.perSecond,
      'withdrawals/s',
      'created req/s',
      sustained.creation.throughput,
      targets.ratioAtLeast(1),
    ),
    row(
      `Webhook latency at light load (${light.perSecond} withdrawals/s): status change → received, p99`,
      light.latencyMs.p99,
      'ms',
      null,
      null,
      targets.atMost(250, 'ms'),
    ),
    row('– its p50', light.latencyMs.p50, 'ms', null, null, null),
    row(
      `Creation burst, worker running, ${burst.connections} connections`,
      burst.throughput,
      'req/s',
      'pgbench TPC-B tps',
      pg.tps,
      targets.ratioAtLeast(0.4),
    ),
    ceiling(burst.cpu, 'req/s'),
    row('– burst p99', burst.latencyMs.p99, 'ms', 'pgbench p99', pg.latencyMs.p99, targets.atMost(100, 'ms')),
    row(
      'Lookup, GET /v1/transactions/:id/webhook-payload',
      lookup.throughput,
      'req/s',
      'bare Express req/s',
      express.throughput,
      targets.ratioAtLeast(0.5),
    ),
    row('– lookup p99', lookup.latencyMs.p99, 'ms', 'bare Express p99', express.latencyMs.p99, null),
    ...['api', 'worker'].map((name) =>
      row(
        `Peak RSS, ${name === 'api' ? 'API' : 'worker'} process`,
        r.rss[name],
        'MB',
        'bare Express',
        express.peakRssMb,
        targets.below(300, 'MB'),
      ),
    ),
    row(
      `Growth: creation p50, ${growth.large.label} stored`,
      growth.large.latencyMs.p50,
      'ms',
      `p50 at ${growth.small.label} stored`,
      growth.small.latencyMs.p50,
      targets.ratioAtMost(1.2),
    ),
    row('CPU per withdrawal, API', perWithdrawal('api'), 'ms', null, null, null),
    row('CPU per withdrawal, worker', perWithdrawal('worker'), 'ms', null, null, null),
    row(
      'CPU per withdrawal, PostgreSQL',
      perWithdrawal('postgres'),
      'ms',
      'PostgreSQL per TPC-B tx',
      pg.cpu.perItemMs.postgres,
      null,
    ),
    row(
      'CPU per withdrawal, whole machine',
      perWithdrawal('machine'),
      'ms',
      'machine per TPC-B tx',
      pg.cpu.perItemMs.machine,
      null,
    ),
  ];
}

const cell = (value) => (value === null || value === undefined ? '–' : String(value));
const verdict = (met) => (met === null ? '–' : met ? 'yes' : '**no**');
const list = (object) =>
  Object.entries(object)
    .map(([key, value]) => `${key} ${value}`)
    .join('; ');

function renderMarkdown(r, rows) {
  const { machine } = r;
  return [
    `# Benchmark ${r.mode} run, ${r.startedAt}`,
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}.`,
    `PostgreSQL (the bench's own embedded server): ${list(r.postgres)}.`,
    `Service (API and worker as separate processes, every setting its default): ${list(r.settings)}.`,
    '',
    '| Figure | Measured | Baseline (same run) | Ratio | Target | Met? |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (x) =>
        `| ${x.figure} | ${cell(x.value)} ${x.unit} | ${cell(x.baseline)} | ${cell(x.ratio)} | ${cell(x.target)} | ${verdict(x.met)} |`,
    ),
    '',
    ...r.notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
}

/** Writes latest.json and latest.md under `dir`; returns the markdown. */
export function writeReport(dir, results) {
  const rows = reportRows(results);
  const markdown = renderMarkdown(results, rows);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'latest.json'), `${JSON.stringify({ ...results, rows }, null, 2)}\n`);
  writeFileSync(join(dir, 'latest.md'), markdown);
  return markdown;
}
