import { setTimeout as delay } from 'node:timers/promises';

/** Waits between tries of a read whose store did not answer: long enough not to spin, short beside the bound. */
const RETRY_MS = 50;

/**
 * `read`, tried again while it fails, settled within `boundMs`: its first answer, else the last failure (or a
 * timeout when a try is still waiting, e.g. for a connection to a server that went away) once `boundMs` has passed.
 */
export async function readWithin<T>(read: () => Promise<T>, boundMs: number): Promise<T> {
  const deadline = Date.now() + boundMs;
  const stop = new AbortController();
  const expired = delay(boundMs, undefined, { signal: stop.signal }).then(() => {
    throw new Error(`no answer from the database within ${boundMs} ms`);
  });
  const tries = async (): Promise<T> => {
    for (;;) {
      try {
        return await read();
      } catch (error) {
        if (stop.signal.aborted || Date.now() + RETRY_MS >= deadline) throw error;
        await delay(RETRY_MS);
      }
    }
  };
  try {
    return await Promise.race([tries(), expired]);
  } finally {
    stop.abort();
    expired.catch(() => undefined);
  }
}
