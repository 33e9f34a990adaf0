// A service process run under valgrind's callgrind, whose instruction count a phase reads: zero the counters, run
// the phase, dump. Callgrind counts every thread of the process together.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The instructions a callgrind dump counted (its `totals:` line). */
export function callgrindTotal(dump) {
  const match = /^totals:\s+(\d+)\s*$/m.exec(dump);
  if (!match) throw new Error('not a callgrind dump: it has no totals line');
  return Number(match[1]);
}

export class CallgrindCounter {
  /** `role`'s dumps are written to `dir` as `<role>.callgrind.<n>`. */
  constructor(role, dir) {
    this.role = role;
    this.dir = dir;
    this.wrapper = ['valgrind', '--tool=callgrind', `--callgrind-out-file=${join(dir, `${role}.callgrind`)}`];
    this.pid = null;
  }

  control(flag) {
    execFileSync('callgrind_control', [flag, String(this.pid)], { stdio: 'ignore' });
  }

  zero() {
    this.control('--zero');
  }

  /** Instructions since the last `zero`, read from the dump this call makes. */
  total() {
    const before = new Set(readdirSync(this.dir));
    this.control('--dump');
    const dump = readdirSync(this.dir).find(
      (file) => file.startsWith(`${this.role}.callgrind.`) && !before.has(file),
    );
    if (!dump) throw new Error(`callgrind wrote no dump for ${this.role} (pid ${this.pid})`);
    return callgrindTotal(readFileSync(join(this.dir, dump), 'utf8'));
  }
}
