// Child processes the bench starts and measures: the service's API and worker and the bare Express baseline. Peak RSS is the kernel's high-water mark (VmHWM), which catches spikes
// that sampling would miss.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
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
function procStatusKb(pid, field) {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'),
    );
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

class MeasuredProcess {
  constructor(name, child, logFile) {
    this.name = name;
    this.child = child;
    this.logFile = logFile;
    this.peakRssKb = 0;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
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

  /** Everything the process printed so far. */
  log() {
    return this.logFile ? readFileSync(this.logFile, 'utf8') : '';
  }

  /** Last lines the process printed, for error messages. */
  tail() {
    return this.log().split('\n').slice(-20).join('\n');
  }

  /** SIGTERM (a graceful shutdown), SIGKILL after `graceMs`. */
  async stop(graceMs = 30_000) {
    this.samplePeak();
    clearInterval(this.sampler);
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.exited;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    const result = await this.exited;
    clearTimeout(timer);
    return result;
  }
}

/**
 * Starts `[wrapper] node <nodeArgs> <script>`. Its output goes to `logFile` (as a deployment's goes to its log collector),
 * or nowhere: never through a pipe the bench would have to read while it measures.
 */
export function startProcess(name, { script, nodeArgs = [], env = {}, cwd, logFile, wrapper = [] }) {
  const out = logFile ? openSync(logFile, 'a') : 'ignore';
  // `wrapper` runs node under another program in the same process (valgrind, for the instruction counts).
  const command = [...wrapper, serviceNodeBinary(), ...nodeArgs, script];
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  if (logFile) closeSync(out);
  return new MeasuredProcess(name, child, logFile);
}

/** Polls until `ready()` resolves true; fails early with the process's output when it exits first. */
export async function waitUntil(measured, what, ready, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  measured.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${measured.name} exited before it was ready:\n${measured.tail()}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${measured.name} was not ${what} within ${timeoutMs} ms:\n${measured.tail()}`);
}

export const waitForHttp = (measured, url) =>
  waitUntil(measured, `ready at ${url}`, () =>
    fetch(url).then(
      (response) => response.ok,
      () => false,
    ),
  );
