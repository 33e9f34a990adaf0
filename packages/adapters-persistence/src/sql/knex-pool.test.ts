import { expect } from 'chai';
import { createKnex } from './knex-pool.js';

describe('createKnex', () => {
  it("sends Knex's own warnings to the logger it is given, not to the console", async () => {
    const warnings: string[] = [];
    const knex = createKnex('postgres://postgres@127.0.0.1:1/none', 1, {
      warn: (message: string) => warnings.push(message),
    });
    try {
      const failed = await knex.raw('SELECT 1').then(
        () => null,
        (error: Error) => error,
      );
      expect(failed?.message).to.include('ECONNREFUSED');
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.match(/^Acquire connection error: Error: connect ECONNREFUSED/);
    } finally {
      await knex.destroy();
    }
  });
});
