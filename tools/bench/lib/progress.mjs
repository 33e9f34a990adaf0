// One progress bar for the whole run on stderr, so stdout stays clean for the final table. Each phase owns a
// share of the bar; on a terminal it redraws in place, elsewhere (CI logs) it prints a line every tenth.
const WIDTH = 30;

export class Progress {
  /** @param {Array<{ name: string, weight: number }>} phases */
  constructor(phases, stream = process.stderr) {
    this.stream = stream;
    this.tty = Boolean(stream.isTTY);
    const total = phases.reduce((sum, phase) => sum + phase.weight, 0);
    let start = 0;
    this.phases = new Map();
    for (const phase of phases) {
      this.phases.set(phase.name, { start: start / total, share: phase.weight / total });
      start += phase.weight;
    }
    this.current = null;
    this.fraction = 0;
    this.lastTenth = -1;
    this.started = Date.now();
  }

  /** Enters a phase (its share of the bar starts empty). */
  phase(name, detail = '') {
    if (!this.phases.has(name)) throw new Error(`unknown bench phase "${name}"`);
    this.current = name;
    this.update(0, detail);
  }

  /** `done` is the fraction (0..1) of the current phase finished. */
  update(done, detail = '') {
    const phase = this.phases.get(this.current);
    const clamped = Math.min(1, Math.max(0, done));
    this.fraction = Math.max(this.fraction, phase.start + phase.share * clamped);
    this.draw(detail);
  }

  /** A line of its own above the bar (warnings, phase results). */
  note(text) {
    if (this.tty) this.stream.write('\r\x1b[2K');
    this.stream.write(`${text}\n`);
    if (this.tty) this.draw('');
  }

  finish() {
    this.fraction = 1;
    this.draw('done');
    if (this.tty) this.stream.write('\n');
  }

  draw(detail) {
    const filled = Math.round(this.fraction * WIDTH);
    const bar = `${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}`;
    const seconds = Math.round((Date.now() - this.started) / 1000);
    const line = `[${bar}] ${String(Math.floor(this.fraction * 100)).padStart(3)}% ${seconds}s ${this.current ?? ''} ${detail}`;
    if (this.tty) {
      this.stream.write(`\r\x1b[2K${line.slice(0, (this.stream.columns ?? 120) - 1)}`);
      return;
    }
    const tenth = Math.floor(this.fraction * 10);
    if (tenth !== this.lastTenth) {
      this.lastTenth = tenth;
      this.stream.write(`${line}\n`);
    }
  }
}
