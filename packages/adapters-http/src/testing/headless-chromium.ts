import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** Debian's chromium; no browser download works on the build machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, offline and quiet; the page's console goes to stderr, where a CSP violation shows. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-logging=stderr',
  '--v=0',
];

export const chromiumMissing = (): string | null =>
  existsSync(CHROMIUM_PATH)
    ? null
    : `Chromium not found at ${CHROMIUM_PATH}; install Debian's chromium package`;

type Json = Record<string, unknown>;
interface Pending {
  resolve(result: Json): void;
  reject(error: Error): void;
}

/**
 * Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: file descriptors 3 and 4,
 * messages ended by NUL), so no port is opened and no client library is needed.
 */
export class HeadlessChromium {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners: ((method: string, params: Json, sessionId?: string) => void)[] = [];
  private stderrText = '';

  private constructor(
    private readonly child: ChildProcess,
    private readonly profile: string,
  ) {
    let buffered = '';
    (child.stdio[4] as Readable).on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
        this.receive(JSON.parse(buffered.slice(0, end)) as Json);
        buffered = buffered.slice(end + 1);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrText += chunk.toString('utf8');
    });
    child.on('exit', () => {
      for (const { reject } of this.pending.values()) reject(new Error('Chromium exited'));
      this.pending.clear();
    });
  }

  static launch(): HeadlessChromium {
    const profile = mkdtempSync(join(tmpdir(), 'chromium-e2e-'));
    const child = spawn(
      CHROMIUM_PATH,
      [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-pipe', 'about:blank'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
    );
    return new HeadlessChromium(child, profile);
  }

  /** What Chromium logged, the page's console included. */
  get stderr(): string {
    return this.stderrText;
  }

  send(method: string, params: Json = {}, sessionId?: string): Promise<Json> {
    const id = this.nextId++;
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      (this.child.stdio[3] as Writable).write(`${message}\0`);
    });
  }

  onEvent(listener: (method: string, params: Json, sessionId?: string) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      await this.send('Browser.close').catch(() => undefined);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      if (this.child.exitCode === null) this.child.kill('SIGKILL');
    }
    rmSync(this.profile, { recursive: true, force: true });
  }

  private receive(message: Json): void {
    const id = message.id as number | undefined;
    if (id === undefined) {
      for (const listener of this.listeners)
        listener(message.method as string, (message.params ?? {}) as Json, message.sessionId as string);
      return;
    }
    const waiter = this.pending.get(id);
    this.pending.delete(id);
    const error = message.error as { message: string } | undefined;
    if (error) waiter?.reject(new Error(error.message));
    else waiter?.resolve((message.result ?? {}) as Json);
  }
}
