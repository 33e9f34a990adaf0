import { randomBytes } from 'node:crypto';
import type { Merchant, Principal, Repositories } from '@payout/domain';
import { type Customer, SequentialIds, seedCustomer } from '@payout/domain/testing';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { AesGcmFieldCipher } from '../crypto/aes-gcm-field-cipher.js';
import { migrateLatest } from '../migrations/migrate.js';
import { createKnex } from '../sql/knex-pool.js';
import { createRecordedJobsTable, recordingJobs } from '../testing/recording-job-queue.js';
import { type StreamingReplica, startStreamingReplica } from '../testing/streaming-replica.js';
import { testDatabase } from '../testing/test-database.js';
import { KnexUnitOfWork } from '../unit-of-work/knex-unit-of-work.js';
import { ReadReplica, type ReadRoute } from './read-replica.js';
import { RedisRecentWriters } from './recent-writers.js';
import { ReplicaFreshness } from './replica-freshness.js';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BOUND_MS = 400;
const silent: Knex.Logger = { warn() {}, error() {}, debug() {}, deprecate() {} };

const operator = (subject: string): Principal => ({
  subject,
  merchantId: null,
  entityId: null,
  scopes: new Set(['operator']),
});
const writer = operator('operator-who-writes');
const other = operator('operator-who-reads');

/** Polls until `done` (replication, a key's expiry: real time no test controls). */
async function until(what: string, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('reads on a streaming replica (ReadReplica)', function () {
  // initdb, two servers and a base backup: seconds on a busy machine.
  this.timeout(180_000);
  let pair: StreamingReplica;
  let primary: Knex;
  let standby: Knex;
  let redis: Redis;
  let now = 0;
  const routes: ReadRoute[] = [];
  let freshness: ReplicaFreshness;
  let unitOfWork: KnexUnitOfWork;
  let customer: Customer;
  const keyPrefix = `payout-test:recent-writes:${process.pid}:${randomBytes(4).toString('hex')}`;

  const unitOfWorkOn = (writers: RedisRecentWriters) =>
    new KnexUnitOfWork({
      knex: primary,
      jobs: recordingJobs,
      cipher: new AesGcmFieldCipher(Buffer.alloc(32, 3)),
      replica: new ReadReplica({
        knex: standby,
        freshness,
        writers,
        boundMs: BOUND_MS,
        onRoute: (route) => routes.push(route),
      }),
    });
  const merchantAs = async (reader: Principal): Promise<Merchant | null> =>
    (await unitOfWork.readFor(reader)).merchants.findById(customer.merchantId);
  const rename = (name: string) =>
    unitOfWork.run(async (tx) => {
      const merchant = (await tx.merchants.findById(customer.merchantId)) as Merchant;
      await tx.merchants.save({ ...merchant, name });
    }, writer);
  const routed = async (read: () => Promise<unknown>): Promise<ReadRoute[]> => {
    routes.length = 0;
    await read();
    return [...routes];
  };
  /** Looks until the replica has replayed everything the primary had at the look (the clock stands still). */
  const caughtUp = () =>
    until('the replica caught up', async () => {
      await freshness.look();
      return freshness.behindMs() <= 0;
    });

  /** Waits out a store's `warming` window (its notes were new or lost), after which a reader's silence is trusted. */
  const trusted = () =>
    until('the store is trusted', async () => (await routed(() => merchantAs(other)))[0] === 'replica');

  before(async () => {
    pair = await startStreamingReplica();
    primary = createKnex(pair.primaryUrl, 5, silent);
    standby = createKnex(pair.standbyUrl, 5, silent, BOUND_MS);
    await migrateLatest(primary);
    await createRecordedJobsTable(primary);
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await new Promise((resolve) => redis.once('ready', resolve));
    freshness = new ReplicaFreshness({ primary, replica: standby, now: () => now });
    // A generous wait for Redis: a late answer sends the read to the primary, which these tests do not look at.
    unitOfWork = unitOfWorkOn(
      new RedisRecentWriters({ redis, windowMs: BOUND_MS, keyPrefix, answerWithinMs: 5_000 }),
    );
    customer = await seedCustomer(unitOfWork, new SequentialIds('00000047'), new Date());
    await rename('Acme');
    await caughtUp();
    // The first read finds the notes' store new to it: a whole window on the primary before its silence is trusted.
    expect(await routed(() => merchantAs(other))).to.deep.equal(['recent-write']);
    await trusted();
  });

  after(async () => {
    const keys = await redis?.keys(`${keyPrefix}:*`);
    if (keys?.length) await redis.del(...keys);
    redis?.disconnect();
    await primary?.destroy();
    await standby?.destroy();
    await pair?.stop();
  });

  it('serves a reader from the replica, while its writer reads its own write from the primary', async () => {
    await pair.pauseReplay();
    try {
      await rename('Acme Payouts');
      // The replica has stopped replaying: what it answers is what it had, which shows the read went there.
      expect(
        await routed(async () => expect((await merchantAs(other))?.name).to.equal('Acme')),
      ).to.deep.equal(['replica']);
      expect(
        await routed(async () => expect((await merchantAs(writer))?.name).to.equal('Acme Payouts')),
      ).to.deep.equal(['recent-write']);
      // Once the proof of freshness is older than the bound, nobody reads the replica.
      now += BOUND_MS + 1;
      await freshness.look();
      expect(
        await routed(async () => expect((await merchantAs(other))?.name).to.equal('Acme Payouts')),
      ).to.deep.equal(['replica-behind']);
    } finally {
      await pair.resumeReplay();
    }
    await caughtUp();
    expect(
      await routed(async () => expect((await merchantAs(other))?.name).to.equal('Acme Payouts')),
    ).to.deep.equal(['replica']);
    // The writer's note expires with the window (Redis's clock): then it reads the replica too.
    await until(
      'the write is forgotten',
      async () => (await routed(() => merchantAs(writer)))[0] === 'replica',
    );
  });

  it('asks the primary for a row the replica does not have yet, instead of answering that it does not exist', async () => {
    await pair.pauseReplay();
    try {
      const newer = await seedCustomer(unitOfWork, new SequentialIds('00000048'), new Date());
      let found: Repositories | null = null;
      const route = await routed(async () => {
        found = await unitOfWork.readFor(other);
        expect((await found.entities.findById(newer.entityId))?.id).to.equal(newer.entityId);
      });
      expect(route).to.deep.equal(['replica', 'not-found']);
    } finally {
      await pair.resumeReplay();
    }
    await caughtUp();
  });

  it('reads from the primary while Redis cannot say who wrote, and still commits the writes', async () => {
    const away = new Redis({ port: 1, host: '127.0.0.1', maxRetriesPerRequest: 0, lazyConnect: true });
    away.on('error', () => undefined);
    const blind = unitOfWorkOn(new RedisRecentWriters({ redis: away, windowMs: BOUND_MS, keyPrefix }));
    try {
      routes.length = 0;
      await blind.run(async (tx) => {
        const merchant = (await tx.merchants.findById(customer.merchantId)) as Merchant;
        await tx.merchants.save({ ...merchant, name: 'Acme Blind' });
      }, writer);
      expect((await (await blind.readFor(other)).merchants.findById(customer.merchantId))?.name).to.equal(
        'Acme Blind',
      );
      expect(routes).to.deep.equal(['recent-write']);
    } finally {
      away.disconnect();
    }
    await caughtUp();
  });

  it('reads from the primary for a window after Redis lost its notes, which may have held a recent write', async () => {
    await pair.pauseReplay();
    try {
      await rename('Acme Restarted');
      // A Redis restarted without persistence: every note is gone, the writer's included.
      const keys = await redis.keys(`${keyPrefix}:*`);
      await redis.del(...keys);
      expect(
        await routed(async () => expect((await merchantAs(writer))?.name).to.equal('Acme Restarted')),
      ).to.deep.equal(['recent-write']);
      expect(await routed(() => merchantAs(other))).to.deep.equal(['recent-write']);
    } finally {
      await pair.resumeReplay();
    }
    await caughtUp();
  });

  it('takes no server but a replaying standby of the same cluster as a replica', async () => {
    const asReplica = async (url: string) => {
      const knex = createKnex(url, 1, silent);
      try {
        const check = new ReplicaFreshness({ primary, replica: knex, now: () => now });
        await check.look();
        await check.look();
        return check.behindMs();
      } finally {
        await knex.destroy();
      }
    };
    expect(await asReplica(pair.primaryUrl), 'the primary itself').to.equal(Number.POSITIVE_INFINITY);
    expect(await asReplica((await testDatabase()).url), 'another cluster').to.equal(Number.POSITIVE_INFINITY);
  });

  it('answers from the primary when the replica goes down, and stops sending reads there', async () => {
    await rename('Acme Down');
    await caughtUp();
    // An earlier test lost the store's notes: its warming window may not be over yet.
    await trusted();
    await pair.stopStandby();
    try {
      // The proof is still fresh: the read goes to the replica, fails, and is answered by the primary.
      expect(
        await routed(async () => expect((await merchantAs(other))?.name).to.equal('Acme Down')),
      ).to.deep.equal(['replica', 'replica-failed']);
      expect(
        await routed(async () => expect((await merchantAs(other))?.name).to.equal('Acme Down')),
      ).to.deep.equal(['replica-behind']);
      await freshness.look();
      expect(freshness.behindMs()).to.equal(Number.POSITIVE_INFINITY);
    } finally {
      await pair.startStandby();
    }
    await caughtUp();
    expect(await routed(() => merchantAs(other))).to.deep.equal(['replica']);
  });
});
