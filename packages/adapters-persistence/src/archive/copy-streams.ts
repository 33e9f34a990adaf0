import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Knex } from 'knex';
import pg, { type ClientBase } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** What a stream of COPY text held: its rows (lines) and the SHA-256 of its bytes. */
export interface Digest {
  readonly rows: number;
  readonly sha256: string;
}

/** A digest of a gzip file: its content's, and the SHA-256 of the file's own bytes. */
export interface FileDigest extends Digest {
  readonly gzipSha256: string;
}

/** A pass-through that hashes what flows and counts its lines (COPY text escapes newlines within a value). */
class Tap extends Transform {
  private readonly hash = createHash('sha256');
  lines = 0;

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.hash.update(chunk);
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) this.lines += 1;
    done(null, chunk);
  }

  digest(): Digest {
    return { rows: this.lines, sha256: this.hash.digest('hex') };
  }
}

const sink = () =>
  new Writable({
    write: (_chunk, _encoding, done) => done(),
  });

/**
 * Runs `work` on a connection of its own to the database behind `knex`, closed after it: the pool's connections
 * run in pipeline mode (createKnex), where node-postgres streams no COPY.
 */
export async function withConnection<T>(knex: Knex, work: (client: ClientBase) => Promise<T>): Promise<T> {
  const config = knex.client.config.connection as pg.ClientConfig;
  const client = new pg.Client({ ...config, pipeline: false } as pg.ClientConfig);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Any constant of this service: one archive or restore at a time, whichever process runs it. */
const ARCHIVE_LOCK = 7_401_926_341;

/**
 * Runs `work` while this process alone archives or restores: the lock belongs to a transaction left open on a
 * connection of its own (as the migrations' does, so that it holds behind PgBouncer too), released when it ends.
 * Another run meanwhile fails at once rather than write the same files.
 */
export async function withArchiveLock<T>(knex: Knex, work: () => Promise<T>): Promise<T> {
  return withConnection(knex, async (holder) => {
    await holder.query('BEGIN');
    try {
      const { rows } = await holder.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_xact_lock($1) AS locked',
        [ARCHIVE_LOCK],
      );
      if (!rows[0]?.locked)
        throw new Error('another archive or restore is running: try again once it is done');
      return await work();
    } finally {
      await holder.query('ROLLBACK');
    }
  });
}

/** `COPY (query) TO STDOUT` written gzipped to `path`, made durable under its name only once complete. */
export async function copyToFile(client: ClientBase, query: string, path: string): Promise<FileDigest> {
  const partial = `${path}.partial`;
  const content = new Tap();
  const compressed = new Tap();
  await pipeline(
    client.query(copyTo(`COPY (${query}) TO STDOUT`)),
    content,
    createGzip(),
    compressed,
    createWriteStream(partial),
  );
  const handle = await open(partial, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, path);
  return { ...content.digest(), gzipSha256: compressed.digest().sha256 };
}

/** The digest of what `COPY (query) TO STDOUT` gives now: compared with the archive before anything is dropped. */
export async function digestOfQuery(client: ClientBase, query: string): Promise<Digest> {
  const content = new Tap();
  await pipeline(client.query(copyTo(`COPY (${query}) TO STDOUT`)), content, sink());
  return content.digest();
}

/** The digest of a gzip file as stored, read back from disk. */
async function digestOfFile(path: string): Promise<FileDigest> {
  const compressed = new Tap();
  const content = new Tap();
  await pipeline(createReadStream(path), compressed, createGunzip(), content, sink());
  return { ...content.digest(), gzipSha256: compressed.digest().sha256 };
}

/** True when the file on disk still has the digest it was written with (its manifest's). */
export async function fileMatches(path: string, expected: FileDigest): Promise<boolean> {
  const read = await digestOfFile(path);
  return (
    read.sha256 === expected.sha256 && read.gzipSha256 === expected.gzipSha256 && read.rows === expected.rows
  );
}

/** Loads a gzip file of COPY text with `COPY … FROM STDIN` (`copy` is that statement). */
export async function copyFromFile(client: ClientBase, copy: string, path: string): Promise<void> {
  await pipeline(createReadStream(path), createGunzip(), client.query(copyFrom(copy)));
}

/** Makes a rename or a new file in `dir` durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
