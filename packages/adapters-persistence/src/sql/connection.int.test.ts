import { expect } from 'chai';
import { testDatabase } from '../testing/test-database.js';
import { type PgConnection, sendPipelined, withConnection } from './connection.js';

const TABLE = 'test_pipeline_rows';

describe('sendPipelined on PostgreSQL (pipeline-mode clients)', () => {
  before(async () => {
    const { knex } = await testDatabase();
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${TABLE} (id int PRIMARY KEY)`);
  });

  it('runs the statements in order, each settled apart, and a COMMIT after a failure rolls back', async () => {
    const { knex } = await testDatabase();
    const settled = await withConnection(knex, (connection: PgConnection) => {
      expect(
        (connection as { pipeline?: unknown }).pipeline,
        'the pool hands out pipeline-mode clients',
      ).to.equal(true);
      return sendPipelined(connection, [
        'BEGIN',
        { name: 'test_pipeline_insert', text: `INSERT INTO ${TABLE} VALUES ($1)`, values: [1] },
        { name: 'test_pipeline_insert', text: `INSERT INTO ${TABLE} VALUES ($1)`, values: [1] },
        { name: 'test_pipeline_insert', text: `INSERT INTO ${TABLE} VALUES ($1)`, values: [2] },
        'COMMIT',
      ]);
    });
    expect(settled.map((s) => s.status)).to.deep.equal([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(String((settled[3] as PromiseRejectedResult).reason)).to.match(/transaction is aborted/);
    expect((settled[4] as PromiseFulfilledResult<{ command: string }>).value.command).to.equal('ROLLBACK');
    expect(await knex(TABLE).count({ n: '*' })).to.deep.equal([{ n: '0' }]);
  });
});
