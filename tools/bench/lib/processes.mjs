// Child processes the bench starts and measures: the service (API and worker apart, so each has its own peak
// RSS) and the bare Express baseline. Peak RSS is the kernel's high-water mark (VmHWM), which catches spikes
// that sampling would miss.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const REPO_NODE = fileURLToPath(new URL('../../../node_modules/node/bin/node', import.meta.url));

/** The service needs Node ≥ 22.12 (pg-boss); `node tools/bench/bench.mjs` may run on the system's Node 20. */
export function serviceNodeBinary() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) return process.execPath;
  if (existsSync(REPO_NODE)) return REPO_NODE;
  throw new Error(`Node ${process.versions.node} is too old for the service and ${REPO_NODE} is missing`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Kilobytes of a `/proc/<pid>/status` field, or null once the process is gone. */
export function procStatusKb(pid, field) {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'),
    );
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export class MeasuredProcess {
  constructor(name, child) {
    this.name = name;
    this.child = child;
    this.peakRssKb = 0;
    this.output = [];
    this.paused = false;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const keep = (chunk) => {
      this.output.push(chunk.toString());
      if (this.output.length > 200) this.output.shift();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.sampler = setInterval(() => this.samplePeak(), 250);
    this.sampler.unref();
  }

  samplePeak() {
    const kb = procStatusKb(this.child.pid, 'VmHWM') ?? procStatusKb(this.child.pid, 'VmRSS');
    if (kb !== null) this.peakRssKb = Math.max(this.peakRssKb, kb);
    return this.peakRssKb;
  }

  get peakRssMb() {
    return Math.round(this.peakRssKb / 102.4) / 10;
  }

  /** Last lines the process printed, for error messages. */
  tail() {
    return this.output.join('').split('\n').slice(-20).join('\n');
  }

  /** Holds the process (SIGSTOP): it takes no CPU and its timers wait, until `resume()`. */
  pause() {
    this.child.kill('SIGSTOP');
    this.paused = true;
  }

  resume() {
    this.child.kill('SIGCONT');
    this.paused = false;
  }

  /** SIGTERM (graceful shutdown, which also lets --cpu-prof write its profile), SIGKILL after `graceMs`. */
  async stop(graceMs = 30_000) {
    this.samplePeak();
    clearInterval(this.sampler);
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.exited;
    this.child.kill('SIGTERM');
    if (this.paused) this.resume();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    const result = await this.exited;
    clearTimeout(timer);
    return result;
  }
}

/**
 * A service process that can be replaced by a fresh one started the same way (`start()` resolves once it is
 * ready), so that two measurements can follow the same history. Its peak RSS is the highest of all of them.
 */
export class RestartableProcess {
  constructor(start) {
    this.start = start;
    this.stoppedPeaksMb = [];
    this.current = null;
  }

  async begin() {
    this.current = await this.start();
    return this;
  }

  get pid() {
    return this.current.child.pid;
  }

  async restart() {
    await this.stop();
    this.current = await this.start();
  }

  async stop() {
    await this.current.stop();
    this.stoppedPeaksMb.push(this.current.peakRssMb);
  }

  get peakRssMb() {
    return Math.max(0, ...this.stoppedPeaksMb, this.current?.peakRssMb ?? 0);
  }
}

export function startProcess(name, { script, args = [], nodeArgs = [], env = {}, cwd }) {
  const child = spawn(serviceNodeBinary(), [...nodeArgs, script, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new MeasuredProcess(name, child);
}

/** Polls `url` until it answers 2xx; fails early with the process's output when it exits first. */
export async function waitForHttp(measured, url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  measured.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${measured.name} exited before it was ready:\n${measured.tail()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${measured.name} was not ready at ${url} within ${timeoutMs} ms:\n${measured.tail()}`);
}
