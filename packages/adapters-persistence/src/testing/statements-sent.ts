import type { Knex } from 'knex';
import pg from 'pg';
import sinon from 'sinon';
import { runWrites, type SqlWrite } from '../batched-transactions/sql-write.js';

/** The texts of the statements node-postgres sent while `work` ran, in order. */
export async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const query = sinon.spy(pg.Client.prototype, 'query');
  try {
    await work();
    return query.getCalls().map((call) => {
      const sent = call.args[0] as string | { text: string };
      return typeof sent === 'string' ? sent : sent.text;
    });
  } finally {
    query.restore();
  }
}

/**
 * Runs `writes` in one transaction, as a unit of work does: how many statements they took (BEGIN and COMMIT not
 * counted), and the message of the error the transaction failed with, null when it committed.
 */
export async function writesInTransaction(
  knex: Knex,
  writes: readonly SqlWrite[],
): Promise<{ sent: number; error: string | null }> {
  let sent: string[] = [];
  const error = await knex
    .transaction(async (trx) => {
      let failure: unknown = null;
      sent = await statementsOf(() =>
        runWrites(trx, writes).catch((thrown: unknown) => {
          failure = thrown;
        }),
      );
      if (failure) throw failure;
    })
    .then(
      () => null,
      (failure: Error) => failure.message,
    );
  return { sent: sent.length, error };
}
