import type { Knex } from 'knex';

type Query = (...args: unknown[]) => unknown;
interface WatchedClient {
  query: Query;
  readonly connection: { readonly stream: { destroy(): void } };
}
interface Pool {
  acquireConnection(): Promise<WatchedClient>;
}

/**
 * Where to break the next transaction: `before` destroys the socket as statement `before` is handed to
 * node-postgres (BEGIN is 0), so neither it nor anything after it reaches PostgreSQL; `commitAnswerLost` lets COMMIT
 * run and PostgreSQL answer it, then destroys the socket and fails COMMIT as a lost connection does: committed, but
 * the caller cannot know. `down` then fails every statement on the pool until `up()`, as an unreachable server does.
 */
export type Cut =
  | { readonly before: number; readonly down?: boolean }
  | { readonly commitAnswerLost: true; readonly down?: boolean };

const lost = () => new Error('Connection terminated unexpectedly');

/**
 * Watches the node-postgres clients Knex lends from `knex`'s pool, to break the next transaction one of them
 * begins (its BEGIN marks it) at a chosen statement: a deterministic stand-in for a server that drops its
 * connections under load. Unarmed, it counts the statements of the next transaction instead.
 */
export class TransactionCutter {
  private cut: Cut | null = null;
  private watching = false;
  private target: WatchedClient | null = null;
  private sent = 0;
  private isDown = false;
  private readonly watched = new WeakSet<WatchedClient>();
  private readonly acquire: Pool['acquireConnection'];
  /** Statements of the last transaction watched to its end, BEGIN and COMMIT included. */
  counted = 0;

  constructor(private readonly knex: Knex) {
    const pool = knex.client as Pool;
    this.acquire = pool.acquireConnection.bind(pool);
    pool.acquireConnection = async () => this.watch(await this.acquire());
  }

  /** Breaks the next transaction as `cut` says; without `cut`, counts its statements. */
  arm(cut: Cut | null = null): void {
    this.cut = cut;
    this.watching = true;
    this.target = null;
  }

  /** The server answers again. */
  up(): void {
    this.isDown = false;
  }

  restore(): void {
    (this.knex.client as Pool).acquireConnection = this.acquire;
  }

  private watch(client: WatchedClient): WatchedClient {
    if (this.watched.has(client)) return client;
    this.watched.add(client);
    const query = client.query.bind(client) as Query;
    client.query = (...args: unknown[]) => this.send(client, query, args);
    return client;
  }

  private send(client: WatchedClient, query: Query, args: unknown[]): unknown {
    if (this.isDown) return Promise.reject(lost());
    const sent = args[0] as string | { text?: string };
    const text = typeof sent === 'string' ? sent : sent?.text;
    if (this.watching && this.target === null && text === 'BEGIN') {
      this.target = client;
      this.sent = 0;
    }
    if (client !== this.target) return query(...args);
    const index = this.sent++;
    const cut = this.cut;
    if (cut && 'before' in cut && index === cut.before) {
      this.end(cut);
      client.connection.stream.destroy();
      return query(...args);
    }
    if (cut && 'commitAnswerLost' in cut && text === 'COMMIT') {
      this.end(cut);
      return (query(...args) as Promise<unknown>).then(() => {
        client.connection.stream.destroy();
        throw lost();
      });
    }
    if (text === 'COMMIT' || text === 'ROLLBACK') {
      this.counted = index + 1;
      this.end(null);
    }
    return query(...args);
  }

  private end(cut: Cut | null): void {
    this.watching = false;
    this.target = null;
    this.cut = null;
    if (cut?.down) this.isDown = true;
  }
}
