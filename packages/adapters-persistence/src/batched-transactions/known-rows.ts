import type { EntityIdentity, LinkedAccount, Wallet, Withdrawal } from '@payout/domain';

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

/** Values by id in any letter case, the oldest dropped once `capacity` are held. */
class Recent<T extends { readonly id: string }> {
  private readonly rows = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  remember(row: T): T {
    const id = row.id.toLowerCase();
    this.rows.delete(id);
    if (this.rows.size >= this.capacity) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(id, row);
    return row;
  }

  get(id: string): T | undefined {
    return this.rows.get(id.toLowerCase());
  }

  delete(id: string): void {
    this.rows.delete(id.toLowerCase());
  }
}

/**
 * Rows as the process last read or committed them, by id, each handed out once (`take`), and only to a lock: a
 * transaction that locks a row it finds here decides on it without reading it, and the repository sends a lock that
 * holds only if every column a write can change is still as known, among the transaction's writes; the transaction
 * fails with StaleKnownRowError otherwise and runs again (docs/decisions/0007-commit-groups-in-the-unit-of-work.md).
 * The columns no write changes cannot differ: the store refuses to change them (migration 0020). Taking, not
 * reading, means a rerun reads the row for real.
 */
export class KnownRows<T extends { readonly id: string }> {
  private readonly rows: Recent<T>;

  constructor(capacity = CAPACITY) {
    this.rows = new Recent(capacity);
  }

  remember(row: T): T {
    return this.rows.remember(row);
  }

  take(id: string): T | undefined {
    const row = this.rows.get(id);
    this.rows.delete(id);
    return row;
  }
}

/**
 * Copies of the part of rows that never changes once stored, read as often as asked: `T` holds only columns the
 * store refuses to change (an entity's EntityIdentity, migration 0020), so a copy is the row as stored now.
 */
export class FixedRows<T extends { readonly id: string }> {
  private readonly rows: Recent<T>;

  constructor(capacity = CAPACITY) {
    this.rows = new Recent(capacity);
  }

  remember(row: T): T {
    return this.rows.remember(row);
  }

  get(id: string): T | undefined {
    return this.rows.get(id);
  }
}

/** What one process keeps of the rows it has read or committed, shared by every transaction of its unit of work. */
export class ProcessRows {
  /**
   * Entities' identities as read (an account with its owners, claimed withdrawals): fields the store refuses to
   * change, so a status change's webhook body takes its entity's from here instead of reading it in the transaction.
   */
  readonly entities = new FixedRows<EntityIdentity>(10_000);
  /** Wallets as read with a withdrawal request's account: the debit right after it locks its wallet from here. */
  readonly wallets = new KnownRows<Wallet>();
  /** Linked accounts as read with their owners by a withdrawal request: its debit share-locks the account from here. */
  readonly linkedAccounts = new KnownRows<LinkedAccount>();
  /** Withdrawals as claimed or last committed here: the next move of one locks it from here. */
  readonly withdrawals = new KnownRows<Withdrawal>();
}

/** A transaction's side of ProcessRows: the withdrawals it wrote, remembered once it has committed. */
export interface TransactionRows {
  readonly written: Withdrawal[];
}
