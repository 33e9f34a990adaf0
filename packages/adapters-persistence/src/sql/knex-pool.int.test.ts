import { expect } from 'chai';
import { testDatabase } from '../testing/test-database.js';
import { createKnex } from './knex-pool.js';

const backendPid = async (knex: ReturnType<typeof createKnex>): Promise<number> =>
  (await knex.raw('SELECT pg_backend_pid() AS pid')).rows[0].pid;

describe('createKnex', () => {
  it('replaces a connection once its lifetime is over, so its prepared plans are made again', async () => {
    const { url } = await testDatabase();
    const knex = createKnex(url, 1, 200);
    try {
      const first = await backendPid(knex);
      expect(await backendPid(knex), 'within its lifetime the connection is reused').to.equal(first);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await backendPid(knex)).to.not.equal(first);
    } finally {
      await knex.destroy();
    }
  });
});
