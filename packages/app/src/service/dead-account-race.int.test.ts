import { expect } from 'chai';
import type { Knex } from 'knex';
import { DATABASE, type Database } from '../container/postgres.module.js';
import { type ApiServiceFixture, startApiService } from './api-service.fixture.js';

/**
 * Resolves once a session of this database waits for a row lock (the request under test reached its debit), or
 * rejects when `racing` settles first: the request never waited.
 */
async function lockWaiter(knex: Knex, racing: Promise<unknown>): Promise<void> {
  let settled = false;
  void racing.finally(() => {
    settled = true;
  });
  for (;;) {
    if (settled) throw new Error('the withdrawal was answered without waiting for the account being marked');
    const { rows } = await knex.raw(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0].waiting > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * A withdrawal racing the return that marks its account unusable, on PostgreSQL through HTTP: the marking is held
 * open (as a worker's poll holds it while it reverses the returned payout) while a withdrawal to the account
 * reaches its debit, having read the account usable (its plan reads past the uncommitted marking). The debit
 * waits for the marking and, once it commits, is refused with nothing debited.
 */
describe('A withdrawal racing the marking of its account unusable (PostgreSQL)', function () {
  this.timeout(60_000);
  let fixture: ApiServiceFixture;
  let knex: Knex;

  before(async () => {
    fixture = await startApiService('dead_account_race', { WITHDRAWAL_RATE_LIMIT_PER_MINUTE: '1000' });
    ({ knex } = await fixture.service.container.getAsync<Database>(DATABASE));
  });

  after(async () => {
    await fixture?.stop();
  });

  it('is refused (409) with nothing debited when the marking commits while it waits for the account', async () => {
    const { entity, accountId } = await fixture.api.payer('bank', '100.00');
    const before = await knex('withdrawals').where({ entity_id: entity.id }).count<{ count: string }[]>();
    const marking = await knex.transaction();
    await marking('linked_accounts')
      .where({ id: accountId })
      .update({ unusable_at: new Date(), unusable_code: 'R03', event_sequence: 1 });
    const racing = fixture.api.withdraw(entity, accountId, { amount: 20, walletType: 'SPEND' });
    try {
      await lockWaiter(knex, racing);
    } finally {
      await marking.commit();
    }
    const answer = await racing;
    expect(answer.status, JSON.stringify(answer.json)).to.equal(409);
    expect(answer.json).to.include({ success: false, fatal: true, code: 'LINKED_ACCOUNT_UNUSABLE' });
    expect(await fixture.api.balance(entity.walletId)).to.equal('100.00');
    const after = await knex('withdrawals').where({ entity_id: entity.id }).count<{ count: string }[]>();
    expect(after).to.deep.equal(before);
  });
});
