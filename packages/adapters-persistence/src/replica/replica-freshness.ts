import type { Knex } from 'knex';

/** A WAL position (`pg_lsn` as text, `16/B374D848`) as a number that orders like it. */
function lsnValue(text: string): bigint {
  const [high, low] = text.split('/');
  if (high === undefined || low === undefined) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

interface Target {
  /** When the primary's WAL position was asked for (this process's monotonic clock, ms). */
  readonly at: number;
  readonly lsn: bigint;
}

/** Positions kept while the replica catches up: past this many, the oldest go (the bound only widens). */
const TARGETS = 64;

const PRIMARY_POSITION = `SELECT pg_current_wal_insert_lsn()::text AS lsn, system_identifier::text AS system
  FROM pg_control_system()`;
// NULL unless the server is a standby still replaying (a promoted one no longer receives the primary's writes).
const REPLICA_POSITION = `SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()::text END AS replayed,
  system_identifier::text AS system FROM pg_control_system()`;

export interface ReplicaFreshnessOptions {
  readonly primary: Knex;
  readonly replica: Knex;
  /** A monotonic clock in milliseconds; `performance.now` by default. */
  readonly now?: () => number;
  /** How long one look may take on either server. */
  readonly timeoutMs?: number;
  /**
   * Hears the first look that fails after one that succeeded (with its failure) and the first that succeeds after
   * failures (null); the replica counts as behind until a look succeeds.
   */
  readonly onChange?: (failure: Error | null) => void;
}

/**
 * How far behind the primary a streaming replica is known to be at most, proven rather than estimated: each look
 * asks the primary for its WAL insert position, then the replica how far it has replayed. Once the replica has
 * replayed a position the primary reported at time t, every transaction committed before t is visible there, so it
 * is behind by at most now - t. An idle primary costs nothing (its position stays where the replica already is),
 * unlike the age of the last replayed transaction, which grows while nothing is written. A look that fails, a
 * server that is not a standby or a standby of another cluster leaves the replica behind until a look succeeds.
 */
export class ReplicaFreshness {
  private caughtUpTo = Number.NEGATIVE_INFINITY;
  private targets: Target[] = [];
  private looking: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private failing: boolean | null = null;
  private readonly now: () => number;

  constructor(private readonly options: ReplicaFreshnessOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Milliseconds the replica may be behind the primary now; Infinity until a look has succeeded. */
  behindMs(): number {
    return this.now() - this.caughtUpTo;
  }

  /** A read on the replica failed: it counts as behind until the next look succeeds. */
  lost(): void {
    this.caughtUpTo = Number.NEGATIVE_INFINITY;
  }

  /** One look at both servers; looks asked for while one runs share it. */
  look(): Promise<void> {
    this.looking ??= this.lookOnce().finally(() => {
      this.looking = null;
    });
    return this.looking;
  }

  /** Looks every `everyMs` until `stop` (the timer keeps no process alive). */
  start(everyMs: number): void {
    if (this.timer) return;
    void this.look();
    this.timer = setInterval(() => void this.look(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.looking;
  }

  private async lookOnce(): Promise<void> {
    const { primary, replica, timeoutMs = 1000 } = this.options;
    const at = this.now();
    try {
      const [position] = (await primary.raw(PRIMARY_POSITION).timeout(timeoutMs)).rows as Array<{
        lsn: string;
        system: string;
      }>;
      if (!position) throw new Error('the primary did not tell its WAL position');
      this.targets.push({ at, lsn: lsnValue(position.lsn) });
      if (this.targets.length > TARGETS) this.targets.shift();
      const [replayed] = (await replica.raw(REPLICA_POSITION).timeout(timeoutMs)).rows as Array<{
        replayed: string | null;
        system: string;
      }>;
      if (replayed?.system !== position.system)
        throw new Error("DATABASE_READ_URL is not a server of DATABASE_URL's cluster");
      if (replayed.replayed === null)
        throw new Error('DATABASE_READ_URL is not a standby replaying the primary');
      const done = lsnValue(replayed.replayed);
      const reached = this.targets.findLastIndex((target) => target.lsn <= done);
      if (reached >= 0) {
        this.caughtUpTo = Math.max(this.caughtUpTo, (this.targets[reached] as Target).at);
        this.targets = this.targets.slice(reached + 1);
      }
      this.changed(null);
    } catch (error) {
      this.lost();
      this.changed(error as Error);
    }
  }

  private changed(failure: Error | null): void {
    if (this.failing === (failure !== null)) return;
    if (this.failing !== null || failure) this.options.onChange?.(failure);
    this.failing = failure !== null;
  }
}
