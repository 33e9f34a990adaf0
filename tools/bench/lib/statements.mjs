// --statements: which SQL statements a phase ran, per withdrawal, from pg_stat_statements (the server must load it:
// shared_preload_libraries = 'pg_stat_statements', and pg_stat_statements.track_planning = on for planning time).
// It is how the drain's repeated claims, their planning and its per-event updates were found (issue 6).

const TOP = 12;
const TEXT_LENGTH = 110;

const per = (value, withdrawals) => Math.round((Number(value) / withdrawals) * 100) / 100;

/** All the statements together: calls per withdrawal and milliseconds in total. */
export function totalPerWithdrawal(rows, withdrawals) {
  const sum = (key) => rows.reduce((total, row) => total + Number(row[key] ?? 0), 0);
  return {
    calls: per(sum('calls'), withdrawals),
    execMs: Math.round(sum('total_exec_time')),
    planMs: Math.round(sum('total_plan_time')),
  };
}

/** Statement rows of pg_stat_statements as figures per withdrawal, the costliest (execution + planning) first. */
export function perWithdrawal(rows, withdrawals) {
  return rows
    .map((row) => ({
      calls: per(row.calls, withdrawals),
      rows: per(row.rows, withdrawals),
      execMs: Math.round(Number(row.total_exec_time)),
      planMs: Math.round(Number(row.total_plan_time ?? 0)),
      text: String(row.query).replace(/\s+/g, ' ').slice(0, TEXT_LENGTH),
    }))
    .sort((a, b) => b.execMs + b.planMs - (a.execMs + a.planMs))
    .slice(0, TOP);
}

/** Markdown lines for one phase's statements: the costliest, then all of them together. */
export function renderStatements(phase, { top: statements, total }) {
  return [
    `Statements of the ${phase} (pg_stat_statements; calls and rows per withdrawal, milliseconds in total):`,
    '',
    '| Calls | Rows | Execution | Planning | Statement |',
    '|---|---|---|---|---|',
    ...statements.map(
      (s) => `| ${s.calls} | ${s.rows} | ${s.execMs} | ${s.planMs} | \`${s.text.replaceAll('|', '\\|')}\` |`,
    ),
    `| ${total.calls} | | ${total.execMs} | ${total.planMs} | all statements |`,
  ];
}

/** Starts counting the statements run on the phase's database; `stop(withdrawals)` reads them back. */
export async function statementsMeter(client) {
  const { rows } = await client.query(`SELECT current_setting('shared_preload_libraries') AS libraries`);
  if (!/\bpg_stat_statements\b/.test(rows[0].libraries))
    throw new Error(
      "--statements needs pg_stat_statements loaded: ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements', then restart PostgreSQL",
    );
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.query('SELECT pg_stat_statements_reset()');
  return {
    async stop(withdrawals) {
      const read = await client.query(
        `SELECT s.calls, s.rows, s.total_exec_time, s.total_plan_time, s.query
           FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = current_database()`,
      );
      return {
        top: perWithdrawal(read.rows, withdrawals),
        total: totalPerWithdrawal(read.rows, withdrawals),
      };
    },
  };
}
