// Bulk rows copied from a template the service itself wrote: columns come from the catalogue and are copied
// from the template unless overridden, so the seeds follow the migrations instead of restating them.

async function columnsOf(client, table) {
  const { rows } = await client.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' AND is_identity = 'NO'
      ORDER BY ordinal_position`,
    [table],
  );
  if (rows.length === 0) throw new Error(`table ${table} not found: has the service migrated?`);
  return rows.map((row) => row.column_name);
}

/**
 * Inserts one copy of the template rows `template` (a query over `table`) per row of the temporary table
 * `source`, aliased `c` in `overrides` (SQL expressions by column); the template row is `t`.
 */
export async function cloneRows(client, { source, table, template, overrides }) {
  const columns = await columnsOf(client, table);
  const unknown = Object.keys(overrides).filter((column) => !columns.includes(column));
  if (unknown.length > 0) throw new Error(`${table} has no column ${unknown.join(', ')}`);
  const select = columns.map((column) => overrides[column] ?? `t.${column}`);
  const { rowCount } = await client.query(
    `INSERT INTO ${table} (${columns.join(', ')})
     SELECT ${select.join(', ')} FROM ${source} c CROSS JOIN (${template}) t`,
  );
  return rowCount;
}
