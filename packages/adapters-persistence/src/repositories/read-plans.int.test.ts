import { buildWebhookEvent, buildWithdrawal, type Parties, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { type IsolatedDatabase, isolatedDatabase } from '../ledger/isolated-database.fixture.js';
import { recordingUnitOfWork } from '../testing/knex-contract-subject.js';
import { createRecordedJobsTable } from '../testing/recording-job-queue.js';
import { FIND_WITH_OWNERS } from './knex-linked-account.repository.js';
import { CLAIM_DUE_EVENTS } from './knex-webhook-event.repository.js';
import { FIND_WEBHOOK_VIEWS } from './withdrawal-webhook-view.js';

interface PlanNode {
  readonly 'Relation Name'?: string;
  readonly 'Actual Rows': number;
  readonly 'Actual Loops': number;
  readonly Plans?: readonly PlanNode[];
}

/** The partitioned table a partition belongs to (migration 0024's names), or the table itself. */
const tableOf = (relation: string) => relation.replace(/_(legacy|default|p\d{6})$/, '');

/** Rows each table gave the statement's executed plan (rows × loops over every node that scans it, partitions summed). */
function rowsRead(node: PlanNode, into = new Map<string, number>()): Map<string, number> {
  const name = node['Relation Name'];
  const relation = name === undefined ? undefined : tableOf(name);
  if (relation) into.set(relation, (into.get(relation) ?? 0) + node['Actual Rows'] * node['Actual Loops']);
  for (const child of node.Plans ?? []) rowsRead(child, into);
  return into;
}

/**
 * Runs `text` as the repositories do (a prepared statement, generic plan) with `args` (SQL literals for its
 * parameters of `types`), in a transaction rolled back after, and returns the rows each table gave.
 */
async function executedPlan(
  knex: Knex,
  text: string,
  types: string,
  args: (quote: (value: string) => string) => string,
): Promise<Map<string, number>> {
  const connection = await knex.client.acquireConnection();
  try {
    await connection.query(`BEGIN; SET LOCAL plan_cache_mode = force_generic_plan`);
    await connection.query(`PREPARE statement_under_test(${types}) AS ${text}`);
    const values = args((value) => connection.escapeLiteral(value));
    const { rows } = await connection.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE statement_under_test(${values})`,
    );
    return rowsRead(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
  } finally {
    await connection.query('ROLLBACK; DEALLOCATE ALL');
    knex.client.releaseConnection(connection);
  }
}

const byIds = (knex: Knex, text: string, ids: readonly string[]) =>
  executedPlan(knex, text, 'uuid[]', (quote) => quote(`{${ids.join(',')}}`));

/** A time-ordered uuid (version 7 layout) made by PostgreSQL, newer than any analysed. */
const NEW_ID = `(lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7'
                 || substr(md5(random()::text), 1, 19))::uuid`;

/**
 * Grows the merchant of `template` by `entities` entities (with their wallets), each with `perEntity` copies of
 * the template withdrawal, all with ids newer than anything analysed: a growing production table between two
 * autovacuum runs.
 */
async function grow(knex: Knex, template: string, entities: number, perEntity: number): Promise<void> {
  await knex.raw(
    `WITH ids AS (SELECT ${NEW_ID} AS entity_id, gen_random_uuid() AS wallet_id FROM generate_series(1, ?)),
     merchant AS (SELECT merchant_id FROM withdrawals WHERE id = ?),
     wallets AS (
       INSERT INTO wallets (id, merchant_id, owner_id, wallet_type, currency, balance)
       SELECT wallet_id, merchant_id, entity_id, 'SPEND', 'USD', 0 FROM ids, merchant)
     INSERT INTO entities (id, merchant_id, entity_type, email, wallet_id, created_at)
     SELECT entity_id, merchant_id, 'USER', 'payee@example.test', wallet_id, now() FROM ids, merchant`,
    [entities, template],
  );
  await knex.raw(
    `INSERT INTO withdrawals
     SELECT (jsonb_populate_record(w, jsonb_build_object('id', ${NEW_ID}, 'entity_id', e.id))).*
       FROM withdrawals w, entities e, generate_series(1, ?)
      WHERE w.id = ? AND e.merchant_id = w.merchant_id AND e.id <> w.entity_id`,
    [perEntity, template],
  );
  // Delivered events of the template withdrawal, as many as its copies: history the due index never holds.
  await knex.raw(
    `INSERT INTO webhook_events
     SELECT (jsonb_populate_record(e, jsonb_build_object('id', ${NEW_ID}, 'sequence', e.sequence + n))).*
       FROM webhook_events e, generate_series(1, ?) AS n WHERE e.withdrawal_id = ?`,
    [entities * perEntity, template],
  );
}

describe('Reads by id keep a bounded plan as tables outgrow their statistics (PostgreSQL)', function () {
  this.timeout(60_000);
  let db: IsolatedDatabase;
  const customers: Parties[] = [];
  const withdrawalIds: string[] = [];

  before(async () => {
    db = await isolatedDatabase('read_plans');
    await createRecordedJobsTable(db.knex);
    const unitOfWork = recordingUnitOfWork(db.knex);
    const seed = async () => {
      const parties = await seedParties(unitOfWork, '100.00');
      const withdrawal = buildWithdrawal(parties);
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        await tx.webhookEvents.insert(buildWebhookEvent(parties, withdrawal.id, 1));
      });
      customers.push(parties);
      withdrawalIds.push(withdrawal.id);
    };
    await seed();
    // Statistics taken while the tables were small, then growth that no ANALYZE has seen.
    await db.knex.raw('ANALYZE');
    for (let i = 0; i < 15; i += 1) await seed();
    await grow(db.knex, withdrawalIds[0] as string, 2_000, 5);
  });

  after(() => db.drop());

  it('reads one entity per withdrawal for the webhook-payload lookup', async () => {
    const read = await byIds(db.knex, FIND_WEBHOOK_VIEWS.text, withdrawalIds);
    expect(read.get('withdrawals')).to.equal(withdrawalIds.length);
    expect(read.get('entities')).to.be.at.most(withdrawalIds.length);
  });

  it('reads one entity, merchant and wallet per account for a withdrawal request', async () => {
    const accountIds = customers.map((parties) => parties.account.id);
    const read = await byIds(db.knex, FIND_WITH_OWNERS.text, accountIds);
    expect(read.get('linked_accounts')).to.equal(accountIds.length);
    for (const table of ['entities', 'merchants', 'wallets'])
      expect(read.get(table), table).to.be.at.most(accountIds.length);
  });

  it('reads one event per delivery it claims', async () => {
    const due = "'2099-01-01T00:00:00Z'";
    const read = await executedPlan(
      db.knex,
      CLAIM_DUE_EVENTS.text,
      'timestamptz, timestamptz, integer',
      () => `${due}, ${due}, 64`,
    );
    expect(read.get('webhook_deliveries')).to.be.at.least(withdrawalIds.length);
    expect(read.get('webhook_events')).to.be.at.most(withdrawalIds.length);
  });
});
