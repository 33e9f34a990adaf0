import { Writable } from 'node:stream';
import { createLogger } from '../logging/logger.js';

/** A logger as the service makes it (JSON lines, redaction), whose lines a test reads back parsed. */
export function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ destination, level: 'info' }) };
}
