import type { Knex } from 'knex';

/** One statement a repository wants run inside the unit of work, with literals inlined (see `literal`). */
export interface SqlWrite {
  readonly sql: string;
  /** Gets the statement's row count and throws the repository's error when it is not what the write needed. */
  readonly check?: (rowCount: number) => void;
  /** Turns a PostgreSQL error this write may cause into the repository's error; undefined when not its own. */
  readonly translate?: (error: unknown) => Error | undefined;
}

/** Where repositories send their writes: run at once, or held by a unit of work and sent together. */
export interface SqlWriter {
  write(write: SqlWrite): Promise<void>;
}

import { withConnection } from './connection.js';

/**
 * Sends `writes` as one simple-protocol query, the only form in which
 * PostgreSQL takes several statements in one round trip. Knex's own `raw` would rewrite any `?` inside a
 * literal into a bind placeholder, so the text goes straight to the connection (see `withConnection`).
 */
export async function runWrites(db: Knex | Knex.Transaction, writes: readonly SqlWrite[]): Promise<void> {
  let results: ReadonlyArray<{ rowCount: number | null }>;
  try {
    const answer = await withConnection(db, (connection) =>
      connection.query(writes.map((write) => write.sql).join(';\n')),
    );
    results = Array.isArray(answer) ? answer : [answer];
  } catch (error) {
    for (const write of writes) {
      const translated = write.translate?.(error);
      if (translated) throw translated;
    }
    throw error;
  }
  for (const [index, write] of writes.entries()) write.check?.(results[index]?.rowCount ?? 0);
}

/** The writer of plain (non-transactional) repositories: every write is its own statement, run at once. */
export const immediateWriter = (db: Knex | Knex.Transaction): SqlWriter => ({
  write: async (write) => {
    await runWrites(db, [write]);
  },
});

/** A `check` for a write that must touch exactly one row. */
export const exactlyOne =
  (message: string) =>
  (rowCount: number): void => {
    if (rowCount !== 1) throw new Error(message);
  };
