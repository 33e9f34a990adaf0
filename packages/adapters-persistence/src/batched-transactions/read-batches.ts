import type { Knex } from 'knex';
import { type PreparedRead, readPrepared } from '../sql/connection.js';

interface Waiting<Row> {
  readonly key: string;
  readonly resolve: (row: Row | undefined) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Keys are sent at least this many at a time, the first repeated to fill the array (an index scan takes each key
 * once). PostgreSQL plans `= ANY($1)` as if the array held ten keys; given fewer, each custom plan looks cheaper
 * than that generic one, so the statement is planned again on every call. Given this many, the generic plan is the
 * cheaper one, and PostgreSQL keeps it after its fifth custom plan
 * (docs/decisions/0012-statements-planned-once-per-connection.md).
 */
export const MIN_KEYS_SENT = 16;

/** `keys` (distinct) filled up to MIN_KEYS_SENT by repeating the first. */
export function keysToSend(keys: readonly string[]): string[] {
  const sent = [...keys];
  while (sent.length < MIN_KEYS_SENT && keys.length > 0) sent.push(keys[0] as string);
  return sent;
}

export interface ReadBatchOptions {
  /** Most keys in one statement. */
  readonly maxBatch: number;
  /**
   * Statements in flight at once: more keeps more connections busy, fewer makes larger batches. One by default:
   * each statement then carries more reads, which costs PostgreSQL less per read. Where PostgreSQL's part is small
   * and the round trip bounds the rate, two do better (the webhook views' reader). A statement beyond the first goes
   * out only when it carries a full one's keys (see `fullEnough`; docs/decisions/0012-statements-planned-once-per-connection.md).
   */
  readonly concurrency: number;
}

/**
 * Coalesces concurrent single-row reads by key (DataLoader's idea, sized by load): reads asked for in one turn
 * of the event loop are sent together once it ends (the requests that arrived together), and reads asked for
 * while `concurrency` statements are in flight, or while one is and too few wait to fill another (`fullEnough`),
 * queue until one answers; the next statement carries them together, `read` being a prepared statement whose
 * `$1` is the array of keys. Under load, one round trip, one pipeline write and one result parse serve many
 * requests (docs/decisions/0008-read-batches-stay-limits-and-lifetimes-go.md).
 *
 * Nothing is cached: every read is sent after it was asked for, so it sees every commit that preceded it.
 * Over a transaction each read is sent alone, on the transaction's own connection.
 */
export class ReadBatches<Row> {
  private queue: Array<Waiting<Row>> = [];
  private active = 0;
  /** A turn of the event loop is awaited before the next statement is sent. */
  private waiting = false;
  /**
   * Reads that must be waiting before a statement goes out while another is in flight: MIN_KEYS_SENT (it is sent
   * padded to that many keys anyway), or maxBatch if smaller. Fewer wait for the statement in flight, as with one
   * at a time. Each statement is a write that wakes a PostgreSQL backend, which costs the API's loop, where it is the
   * bound, more than the round trip saves.
   */
  private readonly fullEnough: number;

  constructor(
    private readonly db: Knex | Knex.Transaction,
    private readonly read: PreparedRead,
    private readonly keyOf: (row: Row) => string,
    private readonly options: ReadBatchOptions = { maxBatch: 64, concurrency: 1 },
  ) {
    this.fullEnough = Math.min(MIN_KEYS_SENT, options.maxBatch);
  }

  /** The row with this key, or undefined when there is none. */
  load(key: string): Promise<Row | undefined> {
    if ((this.db as Knex.Transaction).isTransaction)
      return readPrepared<Row>(this.db, this.read, [keysToSend([key])]).then((rows) => rows[0]);
    return new Promise<Row | undefined>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      if (this.waiting || this.active >= this.options.concurrency) return;
      this.waiting = true;
      setImmediate(() => {
        this.waiting = false;
        this.next();
      });
    });
  }

  private next(): void {
    while (this.active < this.options.concurrency && this.queue.length > 0) {
      if (this.active > 0 && this.queue.length < this.fullEnough) return;
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.active += 1;
      void this.send(batch).finally(() => {
        this.active -= 1;
        this.next();
      });
    }
  }

  private async send(batch: ReadonlyArray<Waiting<Row>>): Promise<void> {
    const keys = [...new Set(batch.map((waiting) => waiting.key))];
    let rows: Row[];
    try {
      rows = await readPrepared<Row>(this.db, this.read, [keysToSend(keys)]);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    const byKey = new Map(rows.map((row) => [this.keyOf(row), row]));
    for (const waiting of batch) waiting.resolve(byKey.get(waiting.key));
  }
}
