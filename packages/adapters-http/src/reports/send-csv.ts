import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { type CsvColumns, csvRecord } from './csv.js';

/**
 * Streams a report as `text/csv`: its header, then one chunk per batch, each batch read only once the one before
 * it has been written out (the stream buffers one chunk, and waits while the connection's own buffer is full), so
 * the process holds a batch or two of any report however long it is. The first batch is read before the status is
 * sent: a store that fails then is answered as any fault (503); one that fails later cuts the answer short,
 * unterminated, so that no client takes a partial report for a whole one. A client that goes away stops the reads.
 */
export async function sendCsv<T>(
  res: Response,
  filename: string,
  columns: CsvColumns<T>,
  batches: AsyncIterable<readonly T[]>,
): Promise<void> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* chunks(): AsyncGenerator<string> {
    try {
      yield csvRecord(columns.map(([header]) => header));
      for (let next = first; !next.done; next = await iterator.next())
        yield next.value.map((row) => csvRecord(columns.map(([, value]) => value(row)))).join('');
    } finally {
      await iterator.return?.();
    }
  }
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8; header=present');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  try {
    await pipeline(Readable.from(chunks(), { highWaterMark: 1 }), res);
  } catch (error) {
    // The client closed the connection: nothing to answer, and the reads have stopped with the stream.
    if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw error;
  }
}
