import pg from 'pg';

/**
 * The channel a committed insert into `webhook_deliveries` notifies (migration 0018's trigger). PostgreSQL sends
 * a notification only when its transaction commits, once per transaction, so a rolled-back status change wakes
 * nobody.
 */
export const WEBHOOKS_DUE_CHANNEL = 'payout_webhooks_due';

/** How long to wait before listening again after the connection broke. */
const RECONNECT_MS = 1000;

export interface DueNotifications {
  /** Settles once the first LISTEN is in place (or failed: the runners' idle look still finds everything). */
  readonly listening: Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `onDue` for every notification on `channel`, on a connection of its own (a listening session does nothing
 * else). A broken connection is replaced, and `onDue` called once it listens again: notifications sent meanwhile
 * were lost. `onError` hears each failure.
 */
export function listenForDue(
  connectionString: string,
  channel: string,
  onDue: () => void,
  onError: (error: Error) => void,
): DueNotifications {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onDue();
    });
    next.on('error', (error) => {
      onError(error);
      next.end().catch(() => undefined);
      if (client === next) again();
    });
    // The server closed the session (a restart, pg_terminate_backend): listen again on a new one.
    next.on('end', () => {
      if (client === next) again();
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) await next.end();
    } catch (error) {
      onError(error as Error);
      next.end().catch(() => undefined);
      if (client === next) again();
    }
  };
  const again = () => {
    client = null;
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      if (!closed) void connect().then(() => onDue());
    }, RECONNECT_MS);
    retry.unref();
  };
  return {
    listening: connect(),
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
