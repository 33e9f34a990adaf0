// The report: each figure beside the baseline measured in the same run, their ratio, the issue's target and
// whether it was met. Targets are reported, never asserted.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { driftRows, judgedBaselines } from './baseline-rows.mjs';
import { diskFlushRows } from './disk-flush.mjs';
import { growthRows, storedLabel } from './growth-rows.mjs';
import { at, row, targets } from './report-row.mjs';
import { renderStatements } from './statements.mjs';

/**
 * What the p99 target asks of the rate: at a fixed number of connections every latency scales with the inverse of
 * the rate, so a 50 ms p99 with this run's latency shape needs the rate × p99 / 50 ms. Beside it, the shape itself
 * (p99 over the mean) against pgbench's.
 */
function p99Rows(creation, pg, pgName) {
  const shape = (latency) => (latency?.p99 && latency.mean ? latency.p99 / latency.mean : null);
  return [
    row(
      'Creation rate a 50 ms p99 needs (this run’s latencies, scaled)',
      creation?.latencyMs.p99 ? (creation.throughput * creation.latencyMs.p99) / 50 : null,
      'req/s',
      pgName,
      pg?.tps,
      null,
    ),
    row(
      'Withdrawal p99 / mean latency',
      shape(creation?.latencyMs),
      '×',
      'pgbench TPC-B p99 / mean',
      shape(pg?.latencyMs),
      null,
    ),
  ];
}

/**
 * The re-warm between the ANALYZE and the measured creation (none in runs before session 25): its p99 beside the
 * measured one, the transient the measured phase no longer starts in. Reported, not judged.
 */
function rewarmRows(rewarm, creation) {
  if (!rewarm) return [];
  return [
    row(
      `Withdrawal p99 in the ${rewarm.ok} re-warm requests right after ANALYZE`,
      rewarm.latencyMs.p99,
      'ms',
      'withdrawal p99, measured creation',
      creation?.latencyMs.p99,
      null,
    ),
  ];
}

/**
 * What bounds creation's ratio to pgbench: the machine's CPU (every process) per withdrawal against per TPC-B
 * transaction, and the rate creation would reach with every core busy at that cost (cores ÷ CPU per withdrawal),
 * beside pgbench's measured rate. When the second row's ratio is below the target, keeping the cores busier cannot
 * meet it: a withdrawal must cost the machine less.
 */
function ceilingRows({ creation, machine }, pg) {
  const perWithdrawal = creation?.cpu?.machinePerRequestMs ?? null;
  return [
    row(
      'Machine CPU per withdrawal (every process)',
      perWithdrawal,
      'ms',
      'machine CPU per TPC-B tx',
      pg?.cpu?.machinePerRequestMs,
      null,
    ),
    row(
      `Creation with all ${machine.cpus} cores busy at that cost`,
      perWithdrawal ? (machine.cpus * 1000) / perWithdrawal : null,
      'req/s',
      'pgbench TPC-B tps',
      pg?.tps,
      null,
    ),
  ];
}

/** The table rows from a run's results; a phase that did not run gives a row with no figure. */
export function buildRows(results) {
  const { creation, lookup, drain, workerColdStart: cold, rss, growth } = results;
  const { pgbench: pg, express: ex } = judgedBaselines(results);
  const twice = results.baselinesAfter ? ', mean of its two runs' : '';
  const rows = [
    row(
      `Withdrawal creation, ${creation?.connections ?? '?'} connections`,
      creation?.throughput ?? null,
      'req/s',
      `pgbench TPC-B tps${twice}`,
      pg?.tps,
      targets.ratioAtLeast(0.5),
    ),
    row(
      'Withdrawal p50',
      creation?.latencyMs.p50 ?? null,
      'ms',
      'pgbench TPC-B p50',
      pg?.latencyMs.p50,
      null,
    ),
    row(
      'Withdrawal p99',
      creation?.latencyMs.p99 ?? null,
      'ms',
      `pgbench TPC-B p99${twice}`,
      pg?.latencyMs.p99,
      targets.valueAtMost(50, 'ms'),
    ),
    ...rewarmRows(results.creationRewarm, creation),
    ...p99Rows(creation, pg, `pgbench TPC-B tps${twice}`),
    ...diskFlushRows(results.diskFlush),
    row(
      'Webhook-payload lookup',
      lookup?.throughput ?? null,
      'req/s',
      `bare Express req/s${twice}`,
      ex?.throughput,
      targets.ratioAtLeast(0.5),
    ),
    row('Lookup p50', lookup?.latencyMs.p50 ?? null, 'ms', 'bare Express p50', ex?.latencyMs.p50, null),
    row('Lookup p99', lookup?.latencyMs.p99 ?? null, 'ms', 'bare Express p99', ex?.latencyMs.p99, null),
    row(
      drain
        ? `Settlement drain: ${drain.withdrawals} withdrawals, ${drain.events} webhooks in ${at(drain.seconds, 1)} s${drain.drained ? '' : ' (NOT drained)'}`
        : 'Settlement drain',
      drain?.drained ? drain.withdrawals / drain.seconds : null,
      'withdrawals/s',
      'creation req/s',
      creation?.throughput,
      targets.ratioAtLeast(1),
    ),
    row(
      cold
        ? `Worker cold start: started, then ${cold.withdrawals} warm-up withdrawals and ${cold.events} webhooks settled`
        : 'Worker cold start',
      cold?.drained ? cold.seconds : null,
      's',
      'none',
      null,
      null,
    ),
    row(
      'Peak RSS, API process',
      rss?.api ?? null,
      'MB',
      'bare Express peak RSS',
      ex?.peakRssMb,
      targets.valueBelow(300, 'MB'),
    ),
    row(
      'Peak RSS, worker process',
      rss?.worker ?? null,
      'MB',
      'bare Express peak RSS',
      ex?.peakRssMb,
      targets.valueBelow(300, 'MB'),
    ),
  ];
  const cpuRows = [
    [
      'Service CPU per withdrawal',
      creation?.cpu?.servicePerRequestMs,
      'bare Express CPU per request',
      ex?.cpu?.servicePerRequestMs,
    ],
    [
      'PostgreSQL CPU per withdrawal',
      creation?.cpu?.postgresPerRequestMs,
      'PostgreSQL CPU per TPC-B tx',
      pg?.cpu?.postgresPerRequestMs,
    ],
    [
      'Service CPU per lookup',
      lookup?.cpu?.servicePerRequestMs,
      'bare Express CPU per request',
      ex?.cpu?.servicePerRequestMs,
    ],
    [
      'PostgreSQL CPU per lookup',
      lookup?.cpu?.postgresPerRequestMs,
      'PostgreSQL CPU per TPC-B tx',
      pg?.cpu?.postgresPerRequestMs,
    ],
    [
      'Worker CPU per drained withdrawal',
      drain?.cpu?.servicePerRequestMs,
      'service CPU per withdrawal created',
      creation?.cpu?.servicePerRequestMs,
    ],
    [
      'PostgreSQL CPU per drained withdrawal',
      drain?.cpu?.postgresPerRequestMs,
      'PostgreSQL CPU per withdrawal created',
      creation?.cpu?.postgresPerRequestMs,
    ],
  ];
  for (const [figure, value, baselineName, baseline] of cpuRows)
    rows.push(row(figure, value ?? null, 'ms', baselineName, baseline, null));
  rows.push(...ceilingRows(results, pg), ...driftRows(results));
  rows.push(...growthRows(growth ?? []));
  return rows;
}

const cell = (value) => (value === null || value === undefined ? '–' : String(value));
const metCell = (met) => (met === null ? '–' : met ? 'yes' : '**no**');

const phaseCpu = (results) =>
  [
    ['pgbench TPC-B', results.baselines.pgbench?.cpu],
    ['bare Express', results.baselines.express?.cpu],
    ['withdrawal creation', results.creation?.cpu],
    ['settlement drain (worker)', results.drain?.cpu],
    ['lookup', results.lookup?.cpu],
    ['pgbench TPC-B, again', results.baselinesAfter?.pgbench?.cpu],
    ['bare Express, again', results.baselinesAfter?.express?.cpu],
    ...(results.growth ?? []).flatMap((point) => [
      [`growth warm-up before ${storedLabel(point)}`, point.warmup?.cpu],
      [`growth, ${storedLabel(point)}`, point.cpu],
    ]),
  ].filter(([, cpu]) => cpu);

export function renderMarkdown(results, rows) {
  const lines = [
    `# Benchmark ${results.mode} run, ${results.startedAt}`,
    '',
    '| Figure | Measured | Baseline | Ratio | Target | Met? |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.figure} | ${cell(r.value)} ${r.unit} | ${r.baseline === null ? '–' : `${r.baseline} (${r.baselineName})`} | ${cell(r.ratio)} | ${cell(r.target)} | ${metCell(r.met)} |`,
    ),
    '',
    'CPU by phase (ms; "other" is everything else on the machine, such as other users\' processes):',
    '',
    '| Phase | Machine busy | Service | PostgreSQL | Load tool | Other |',
    '|---|---|---|---|---|---|',
    ...phaseCpu(results).map(
      ([name, c]) =>
        `| ${name} | ${c.machineBusyPct}% | ${c.serviceMs} | ${c.postgresMs} | ${c.loadToolMs} | ${c.otherMs} |`,
    ),
    '',
    `Machine: ${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGb} GB; service on Node ${results.machine.serviceNode}; PostgreSQL ${results.postgres.server_version} (shared_buffers ${results.postgres.shared_buffers}, fsync ${results.postgres.fsync}, synchronous_commit ${results.postgres.synchronous_commit}, full_page_writes ${results.postgres.full_page_writes}, wal_compression ${results.postgres.wal_compression}, autovacuum ${results.postgres.autovacuum}).`,
    '',
    'Settings:',
    ...Object.entries(results.settings).map(
      ([key, value]) => `- ${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    ),
  ];
  for (const [phase, measured] of [
    ['creation', results.creation],
    ['drain', results.drain],
    ...(results.growth ?? []).map((point) => [`growth point at ${storedLabel(point)}`, point]),
  ])
    if (measured?.statements) lines.push('', ...renderStatements(phase, measured.statements));
  if (results.notes.length > 0) lines.push('', 'Notes:', ...results.notes.map((note) => `- ${note}`));
  return `${lines.join('\n')}\n`;
}

export function writeReport(directory, results) {
  const rows = buildRows(results);
  mkdirSync(directory, { recursive: true });
  const markdown = renderMarkdown(results, rows);
  writeFileSync(join(directory, 'latest.json'), `${JSON.stringify({ ...results, rows }, null, 2)}\n`);
  writeFileSync(join(directory, 'latest.md'), markdown);
  return { rows, markdown };
}
