import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A parsed pino line. */
export type LogLine = Record<string, unknown> & { msg?: string; level?: string; pid?: number };

/**
 * `npm run <script>` as a person runs it, in a process group of its own (so a test can send Ctrl-C's SIGINT to the
 * whole group, as a terminal does), its JSON log lines collected.
 */
export class NpmScript {
  readonly lines: LogLine[] = [];
  private output = '';
  readonly exited: Promise<number | null>;
  private readonly npm: ChildProcess;

  /** `args` go to the script after `--`, as in `npm run archive -- --before 2026-01`. */
  constructor(script: string, env: NodeJS.ProcessEnv, args: readonly string[] = []) {
    this.npm = spawn('npm', ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => this.npm.once('exit', (code) => resolve(code)));
    for (const stream of [this.npm.stdout, this.npm.stderr])
      stream?.setEncoding('utf8').on('data', (chunk: string) => this.collect(chunk));
  }

  /** Resolves with the first log line `test` accepts; rejects if npm exits first or after `ms`. */
  async until(test: (line: LogLine) => boolean, ms = 60_000): Promise<LogLine> {
    const deadline = Date.now() + ms;
    let exited = false;
    void this.exited.then(() => {
      exited = true;
    });
    for (;;) {
      const found = this.lines.find(test);
      if (found) return found;
      if (exited || Date.now() > deadline)
        throw new Error(
          `no such line (${exited ? 'npm exited' : 'timed out'}); output:\n${this.output.slice(-3_000)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Sends `signal` to npm alone, or with `group` to every process of its group (a terminal's Ctrl-C). */
  signal(signal: NodeJS.Signals, group = false): void {
    process.kill(group ? -(this.npm.pid as number) : (this.npm.pid as number), signal);
  }

  /** Kills whatever is left of the group: a failed test must not leave processes behind. */
  kill(): void {
    try {
      process.kill(-(this.npm.pid as number), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }

  get text(): string {
    return this.output;
  }

  private collect(chunk: string): void {
    this.output += chunk;
    const complete = this.output.slice(0, this.output.lastIndexOf('\n') + 1);
    this.lines.length = 0;
    for (const line of complete.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        this.lines.push(JSON.parse(line) as LogLine);
      } catch {
        // Not a log line.
      }
    }
  }
}

/** Whether a process with this pid still exists. */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
