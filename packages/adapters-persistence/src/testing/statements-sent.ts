import pg from 'pg';
import sinon from 'sinon';

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
