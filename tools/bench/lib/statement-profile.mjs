// What PostgreSQL did for a phase, from pg_stat_statements and pg_stat_database (per item of the phase), and what
// its active backends were waiting on, sampled from pg_stat_activity while it ran.
import pg from 'pg';

/** The settings pg_stat_statements needs, nested statements (foreign-key checks among them) included. */
export const STATEMENT_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'all',
  'pg_stat_statements.track_planning': 'on',
};

const WAITS = `SELECT coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, '-') AS wait,
                      left(regexp_replace(query, '\\s+', ' ', 'g'), 60) AS query
                 FROM pg_stat_activity
                WHERE state = 'active' AND pid <> pg_backend_pid() AND datname = current_database()`;

const STATEMENTS = `SELECT calls, plans, total_exec_time + total_plan_time AS total_ms, total_plan_time AS plan_ms, mean_exec_time AS mean_ms, max_exec_time AS max_ms, query
                      FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                     ORDER BY total_exec_time DESC`;

/** Rows written and scans per table, a partition counted in its partitioned table. */
const TABLES = `SELECT coalesce(i.inhparent::regclass::text, s.relname) AS table_name,
                       sum(s.n_tup_ins) AS inserted, sum(s.n_tup_upd) AS updated, sum(s.n_tup_hot_upd) AS hot_updated,
                       sum(s.n_tup_del) AS deleted, sum(coalesce(s.idx_scan, 0)) AS index_scans, sum(s.seq_scan) AS seq_scans
                  FROM pg_stat_user_tables s LEFT JOIN pg_inherits i ON i.inhrelid = s.relid
                 GROUP BY 1 ORDER BY 1`;

const DATABASE = `SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, tup_fetched
                    FROM pg_stat_database WHERE datname = current_database()`;

/** Counters reset now; `stop(count)` returns them per item, with the waits sampled every `everyMs`. */
export async function statementProfile(url, { everyMs = 20 } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.query('SELECT pg_stat_statements_reset(), pg_stat_reset()');
  const waits = new Map();
  let sampling = true;
  const sampled = (async () => {
    while (sampling) {
      for (const row of (await client.query(WAITS)).rows) {
        const key = `${row.wait} | ${row.query}`;
        waits.set(key, (waits.get(key) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop(count) {
      sampling = false;
      await sampled;
      const statements = (await client.query(STATEMENTS)).rows;
      const database = (await client.query(DATABASE)).rows[0];
      const tables = (await client.query(TABLES)).rows;
      await client.end();
      const per = (value) => Math.round((Number(value) / count) * 1000) / 1000;
      return {
        count,
        statementsPerItem: per(statements.reduce((sum, row) => sum + Number(row.calls), 0)),
        executionMsPerItem: per(statements.reduce((sum, row) => sum + row.total_ms, 0)),
        database: Object.fromEntries(Object.entries(database).map(([name, value]) => [name, per(value)])),
        tables: tables
          .map(({ table_name, ...counts }) => ({
            table: table_name,
            ...Object.fromEntries(Object.entries(counts).map(([name, value]) => [name, per(value)])),
          }))
          .filter(({ table, ...counts }) => Object.values(counts).some((value) => value > 0)),
        waits: [...waits].sort((a, b) => b[1] - a[1]).slice(0, 30),
        statements: statements.map((row) => ({
          perItem: per(row.calls),
          // Fewer plans than calls: the statement ran on a cached (generic) plan; as many: it is planned at every call.
          plansPerItem: per(row.plans),
          msPerItem: per(row.total_ms),
          planMsPerItem: per(row.plan_ms),
          meanMs: Math.round(row.mean_ms * 1000) / 1000,
          maxMs: Math.round(row.max_ms * 10) / 10,
          query: row.query.replace(/\s+/g, ' ').slice(0, 300),
        })),
      };
    },
  };
}
