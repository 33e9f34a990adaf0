import { type Customer, SequentialIds, seedCustomer } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { AesGcmFieldCipher } from '../crypto/aes-gcm-field-cipher.js';
import { createPgBoss, ensureQueues } from '../jobs/pg-boss.factory.js';
import { PgBossJobs } from '../jobs/pg-boss.job-queue.js';
import { migrateLatest, pendingMigrations } from '../migrations/migrate.js';
import { migrationSource } from '../migrations/migration-source.js';
import { type PgBouncer, startPgBouncer } from '../testing/pgbouncer.js';
import { createRecordedJobsTable, recordingJobs } from '../testing/recording-job-queue.js';
import { type ScratchDatabase, scratchDatabase } from '../testing/test-database.js';
import { KnexUnitOfWork } from '../unit-of-work/knex-unit-of-work.js';
import { createKnex } from './knex-pool.js';

const silent: Knex.Logger = { warn() {}, error() {}, debug() {}, deprecate() {} };
const cipher = new AesGcmFieldCipher(Buffer.alloc(32, 5));

describe('the persistence adapter behind PgBouncer (Debian 12 ships 1.18)', function () {
  this.timeout(120_000);
  let database: ScratchDatabase;
  let customer: Customer;
  const opened: Knex[] = [];
  let bouncer: PgBouncer | null = null;

  /** A process's pool through PgBouncer. */
  const through = (url: string, connections = 2): Knex => {
    const knex = createKnex((bouncer as PgBouncer).urlFor(url), connections, silent);
    opened.push(knex);
    return knex;
  };
  const unitOfWork = (knex: Knex) => new KnexUnitOfWork({ knex, jobs: recordingJobs, cipher });
  const entityThrough = (knex: Knex) => unitOfWork(knex).read.entities.findById(customer.entityId);

  before(async () => {
    database = await scratchDatabase('pgbouncer');
    await migrateLatest(database.knex);
    await createRecordedJobsTable(database.knex);
    customer = await seedCustomer(unitOfWork(database.knex), new SequentialIds('00000049'), new Date());
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((knex) => knex.destroy()));
    await bouncer?.stop();
    bouncer = null;
  });

  after(async () => {
    await database?.drop();
  });

  it('in session mode, keeps each process on its server connection, named prepared statements and all', async () => {
    bouncer = await startPgBouncer({ serverUrl: database.url, poolMode: 'session', poolSize: 4 });
    const [first, second] = [through(database.url), through(database.url)];
    for (const knex of [first, second, first, second])
      expect((await entityThrough(knex))?.id).to.equal(customer.entityId);
  });

  it('in transaction mode, 1.18 lends one process the server connection where another prepared the same statement', async () => {
    bouncer = await startPgBouncer({ serverUrl: database.url, poolMode: 'transaction', poolSize: 1 });
    const [first, second] = [through(database.url), through(database.url)];
    expect((await entityThrough(first))?.id).to.equal(customer.entityId);
    // The second process prepares `entity_by_id` too, on the one server connection that already has it.
    const refused = await entityThrough(second).then(
      () => null,
      (error: { code?: string; message: string }) => error,
    );
    expect(refused?.code, refused?.message).to.equal('42P05');
    expect(refused?.message).to.include('prepared statement "entity_by_id" already exists');
  });

  for (const poolMode of ['session', 'transaction'] as const)
    it(`migrates through ${poolMode} mode from several processes at once, and leaves no advisory lock behind`, async () => {
      const fresh = await scratchDatabase(`pgbouncer_migrate_${poolMode}`);
      try {
        bouncer = await startPgBouncer({ serverUrl: fresh.url, poolMode, poolSize: 8 });
        const processes = [through(fresh.url), through(fresh.url), through(fresh.url)];
        const applied = await Promise.all(processes.map((knex) => migrateLatest(knex)));
        const all = (await migrationSource.getMigrations([])).map((m) => migrationSource.getMigrationName(m));
        expect(applied.flat().sort(), 'each migration once').to.deep.equal([...all].sort());
        expect(await pendingMigrations(fresh.knex)).to.deep.equal([]);
        // A session lock released on another server connection than the one that took it would still be held (in
        // this database: pg_locks is the whole server's, and other suites' jobs take advisory locks elsewhere).
        const { rows } = await fresh.knex.raw<{ rows: Array<{ held: string }> }>(
          "SELECT count(*) AS held FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        );
        expect(rows[0]?.held).to.equal('0');
        // The next start migrates nothing, and does not wait on a lock left behind.
        expect(await migrateLatest(through(fresh.url))).to.deep.equal([]);
      } finally {
        await Promise.all(opened.splice(0).map((knex) => knex.destroy()));
        await fresh.drop();
      }
    });

  it('starts pg-boss through session mode, which enqueues in a transaction of ours', async () => {
    bouncer = await startPgBouncer({ serverUrl: database.url, poolMode: 'session', poolSize: 8 });
    const url = bouncer.urlFor(database.url);
    const boss = await createPgBoss({ connectionString: url, poolMax: 2, onError: () => undefined });
    try {
      await ensureQueues(boss);
      const knex = through(database.url);
      await knex.transaction(async (trx) => {
        await new PgBossJobs(boss)
          .in(trx)
          .enqueue({ name: 'withdrawal.expire-approval', withdrawalId: customer.entityId });
      });
      const [job] = await boss.fetch('withdrawal.expire-approval');
      expect(job?.data).to.deep.include({ withdrawalId: customer.entityId });
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});
