import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled entry points this package ships (`npm start`, `start:api`, `start:worker`, `ledger:verify`). */
export type EntryPoint = 'start' | 'start-api' | 'start-worker' | 'ledger-verify' | 'reconcile';

/** This release's compiled entry points. */
const BIN = fileURLToPath(new URL('../../bin/', import.meta.url));
const entryPointPath = (name: EntryPoint, bin = BIN): string => join(bin, `${name}.js`);

const START_TIMEOUT_MS = 20_000;
const LOG_TAIL_LINES = 40;

/**
 * What every spawned process gets: a real PostgreSQL database, short job-queue supervision (so a killed worker's
 * jobs come back within seconds), a rate limit that lets one test fire many withdrawals, and info logs that
 * announce the listening address. The JWT secret is inherited so tokens minted by tools/ match.
 */
function processEnv(databaseUrl: string, extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const inherited = ['PATH', 'HOME', 'TMPDIR', 'JWT_SECRET'] as const;
  const env: NodeJS.ProcessEnv = {};
  for (const name of inherited) if (process.env[name]) env[name] = process.env[name];
  return {
    ...env,
    APP_ENV: 'development',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    WORKER_PORT: '0',
    LOG_LEVEL: 'info',
    JOB_QUEUE_PROFILE: 'fast',
    WITHDRAWAL_RATE_LIMIT_PER_MINUTE: '1000',
    ...extra,
  };
}

/** One service process started from its compiled entry point, as an operator would run it. */
export class ServiceProcess {
  private readonly lines: string[] = [];
  private readonly errors: string[] = [];
  private readonly exited: Promise<number | null>;
  private ready: { url: string | null; opsUrl: string | null } | null = null;

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    for (const stream of [child.stdout, child.stderr]) stream?.setEncoding('utf8').on('data', this.collect);
  }

  /**
   * Spawns `entryPoint` and resolves once it logs that it started and, for an API, `/readyz` answers 200. `bin` is
   * the folder of the compiled entry points: this release's, or another release's build.
   */
  static async start(
    entryPoint: Exclude<EntryPoint, 'ledger-verify' | 'reconcile'>,
    databaseUrl: string,
    env: Readonly<Record<string, string>> = {},
    bin = BIN,
  ): Promise<ServiceProcess> {
    const child = spawn(process.execPath, [entryPointPath(entryPoint, bin)], {
      env: processEnv(databaseUrl, env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service = new ServiceProcess(entryPoint, child);
    await service.untilReady();
    return service;
  }

  /** `http://127.0.0.1:<port>` of an API process. */
  get url(): string {
    if (!this.ready?.url) throw new Error(`${this.name} serves no API`);
    return this.ready.url;
  }

  /** `http://127.0.0.1:<port>` of a worker process's own port (`/healthz`, `/readyz`, `/metrics`). */
  get opsUrl(): string {
    if (!this.ready?.opsUrl) throw new Error(`${this.name} has no port of its own`);
    return this.ready.opsUrl;
  }

  get pid(): number {
    return this.child.pid as number;
  }

  /** Every line the process logged at level error or fatal. */
  loggedErrors(): readonly string[] {
    return this.errors;
  }

  /** The last lines the process printed, for failure messages. */
  logTail(): string {
    return this.lines.slice(-LOG_TAIL_LINES).join('\n');
  }

  /** A crash: SIGKILL, no shutdown hooks run. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** The graceful path (SIGTERM); resolves with the exit code. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }

  private readonly collect = (chunk: string): void => {
    for (const line of chunk.split('\n')) {
      if (line.length === 0) continue;
      this.lines.push(line);
      if (/^\{"level":"(error|fatal)"/.test(line)) this.errors.push(line);
      if (this.lines.length > 4 * LOG_TAIL_LINES) this.lines.splice(0, LOG_TAIL_LINES);
      if (!this.ready && line.includes('"service started'))
        this.ready = { url: startedUrl(line, 'url'), opsUrl: startedUrl(line, 'opsUrl') };
    }
  };

  private async untilReady(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    let exitCode: number | null | undefined;
    void this.exited.then((code) => {
      exitCode = code;
    });
    while (Date.now() < deadline) {
      if (exitCode !== undefined) throw this.failure(`exited with ${exitCode} before it was ready`);
      if (this.ready && (this.ready.url === null || (await answersReady(this.ready.url)))) return;
      await pause(100);
    }
    this.child.kill('SIGKILL');
    throw this.failure(`was not ready within ${START_TIMEOUT_MS} ms`);
  }

  private failure(what: string): Error {
    return new Error(`${this.name} ${what}; its last output:\n${this.logTail()}`);
  }
}

function startedUrl(line: string, field: 'url' | 'opsUrl'): string | null {
  try {
    const url = (JSON.parse(line) as Record<string, unknown>)[field];
    return typeof url === 'string' ? url : null;
  } catch {
    return null;
  }
}

async function answersReady(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/readyz`)).status === 200;
  } catch {
    return false;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `ledger:verify` on the database; resolves with its exit code and report. */
export function verifyLedger(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return runEntryPoint('ledger-verify', [], databaseUrl);
}

/** `npm run reconcile -- --provider <provider> --date <day>` on the database, to its end. */
export function reconcileDay(
  databaseUrl: string,
  provider: string,
  day: string,
): Promise<{ code: number | null; output: string }> {
  return runEntryPoint('reconcile', ['--provider', provider, '--date', day], databaseUrl);
}

function runEntryPoint(
  name: 'ledger-verify' | 'reconcile',
  args: readonly string[],
  databaseUrl: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [entryPointPath(name), ...args], {
    env: processEnv(databaseUrl, { LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
