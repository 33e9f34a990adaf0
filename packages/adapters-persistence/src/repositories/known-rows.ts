/** Rows one process keeps at most per table. */
const CAPACITY = 4096;

/**
 * What a stale known row makes the transaction that took it throw: a row it decided on changed since the process
 * read or committed it. The unit of work runs the transaction again, and then reads the row under lock.
 */
export class StaleKnownRowError extends Error {
  constructor(table: string, id: string) {
    super(`${table} ${id} changed since this process last saw it`);
    this.name = 'StaleKnownRowError';
  }
}

/**
 * Rows as the process last read or committed them, by id, each handed out once (`take`). A transaction that locks
 * a row it finds here decides on it without reading it: the repository sends a lock that holds only if the row is
 * still as known, among the transaction's writes, and the transaction fails with StaleKnownRowError otherwise
 * (docs/decisions/0007-commit-groups-in-the-unit-of-work.md). Taking, not reading, means a rerun reads the row for
 * real. Rows that never change once stored (entities) are read with `get` instead, as often as asked: a remembered
 * one is the stored one. The oldest go first when it is full.
 */
export class KnownRows<T extends { readonly id: string }> {
  private readonly rows = new Map<string, T>();

  constructor(private readonly capacity = CAPACITY) {}

  remember(row: T): T {
    const id = row.id.toLowerCase();
    this.rows.delete(id);
    if (this.rows.size >= this.capacity) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(id, row);
    return row;
  }

  /** The row, left in place: only for rows that never change once stored. */
  get(id: string): T | undefined {
    return this.rows.get(id.toLowerCase());
  }

  take(id: string): T | undefined {
    const key = id.toLowerCase();
    const row = this.rows.get(key);
    this.rows.delete(key);
    return row;
  }
}
