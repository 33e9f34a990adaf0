import { join } from 'node:path';
import { migrateLatest, pendingMigrations } from '@payout/adapters-persistence';
import { type ScratchDatabase, scratchDatabase } from '@payout/adapters-persistence/testing';
import { Money } from '@payout/domain';
import { expect } from 'chai';
import { eventually } from './support/eventually.js';
import { LedgerProbe } from './support/ledger.probe.js';
import { PayoutApiClient } from './support/payout-api.client.js';
import { previousReleaseBuild } from './support/previous-release.build.js';
import { createSandbox, type LinkKind, type Sandbox } from './support/sandbox.fixture.js';
import { reconcileDay, ServiceProcess, verifyLedger } from './support/service.process.js';
import { VerifyingWebhookReceiver } from './support/verifying-webhook.receiver.js';

/**
 * The release before this one, whose processes keep running while this one's start (CONTRIBUTING.md, "Add a
 * migration"). Bump it with every release: the commit the release was made from.
 */
const PREVIOUS_RELEASE = {
  commit: 'adb632e9ebe931a610eb5ad0da6fc434656e22a7',
  /**
   * Whether its processes start on a database a later release migrated. Releases before this one refuse to (Knex:
   * "the migration directory is corrupt"), so they are started first, as they ran before the deploy; from this
   * release on it is true, and they start on the migrated database.
   */
  startsOnANewerSchema: false,
  /**
   * Whether it posts settlements (decision 0026). A payout a release before them settled has none, and
   * `ledger:verify` counts it in transit until reconciliation of its day posts it, as docs/deploying.md says.
   */
  postsSettlements: false,
};

const ENV = {
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  ENCRYPTION_KEY: '5e'.repeat(32),
  RAIL_DELAYS_MS: 'ACH=300,ZELLE=200',
  WEBHOOK_RETRY_SCHEDULE_MS: '200,400,800',
};

type Api = 'previous' | 'current';
interface Planned {
  readonly through: Api;
  readonly account: LinkKind;
  readonly amount: number;
  readonly statuses: readonly string[];
}
/** Each stage sends these through both APIs, entity 0 through the previous release's, entity 1 through this one's. */
const BATCH: readonly Planned[] = (['previous', 'current'] as const).flatMap((through) => [
  { through, account: 'bank', amount: 30, statuses: ['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS'] },
  { through, account: 'zelle', amount: 20, statuses: ['PENDING', 'SUCCESS'] },
  { through, account: 'zelle', amount: 20.92, statuses: ['PENDING', 'FAILED'] },
]);
const entityOf = (api: Api) => (api === 'previous' ? 0 : 1);

describe('e2e: the previous release runs beside this one on the migrated schema (a rolling deploy)', function () {
  // The first run builds the previous release (cached under node_modules/.cache by commit).
  this.timeout(180_000);
  let database: ScratchDatabase;
  let receiver: VerifyingWebhookReceiver;
  let sandbox: Sandbox;
  const processes: Partial<
    Record<'previousApi' | 'previousWorker' | 'currentApi' | 'currentWorker', ServiceProcess>
  > = {};
  const apis = {} as Record<Api, PayoutApiClient>;
  let migrated: readonly string[];
  const sent: { plan: Planned; id: string; total: string }[] = [];

  before(async () => {
    const bin = join(await previousReleaseBuild(PREVIOUS_RELEASE.commit), 'packages/app/dist/bin');
    database = await scratchDatabase('e2e_previous_release');
    receiver = await VerifyingWebhookReceiver.start();
    if (PREVIOUS_RELEASE.startsOnANewerSchema) migrated = await migrateLatest(database.knex);
    processes.previousApi = await ServiceProcess.start('start-api', database.url, ENV, bin);
    processes.previousWorker = await ServiceProcess.start('start-worker', database.url, ENV, bin);
    apis.previous = new PayoutApiClient(processes.previousApi.url);
    // What the service holds when the deploy begins was written by the previous release.
    sandbox = await createSandbox(processes.previousApi.url, receiver.url, 2);
    receiver.useSecret(sandbox.webhook.secret);
    // This release's migrations, while the previous release serves.
    if (!PREVIOUS_RELEASE.startsOnANewerSchema) migrated = await migrateLatest(database.knex);
    processes.currentApi = await ServiceProcess.start('start-api', database.url, ENV);
    apis.current = new PayoutApiClient(processes.currentApi.url);
  });

  after(async () => {
    await Promise.all(Object.values(processes).map((p) => p.stop()));
    await receiver?.close();
    await database?.drop();
  });

  /** Sends the batch through both APIs; resolves once each withdrawal is final and its every status acknowledged. */
  async function sendBatch(): Promise<void> {
    const batch: typeof sent = [];
    for (const plan of BATCH) {
      const entity = sandbox.entities[entityOf(plan.through)]!;
      const answer = await apis[plan.through].withdraw(
        entity.accessToken,
        entity.linkedAccounts[plan.account],
        {
          amount: plan.amount,
          walletType: 'SPEND',
        },
      );
      expect(answer.status, `${plan.through}: ${JSON.stringify(answer.body)}`).to.equal(200);
      batch.push({ plan, id: answer.body.data!.id, total: answer.body.data!.amount });
    }
    sent.push(...batch);
    await eventually(
      'every withdrawal of the batch final, each status acknowledged by webhook',
      () =>
        batch.every((w) => receiver.eventsFor(w.id).length === w.plan.statuses.length) ? true : undefined,
      20_000,
      () =>
        `Acknowledged: ${JSON.stringify(batch.map((w) => receiver.eventsFor(w.id).map((e) => e.status)))}\n` +
        Object.entries(processes)
          .map(([name, p]) => `${name}:\n${p.logTail()}`)
          .join('\n'),
    );
    for (const w of batch) {
      expect(receiver.eventsFor(w.id).map((e) => e.status)).to.deep.equal(w.plan.statuses);
      // Each withdrawal read through the API it was not made through.
      const other: Api = w.plan.through === 'previous' ? 'current' : 'previous';
      const view = await apis[other].transaction(sandbox.merchant.accessToken, w.id);
      expect(
        view.history.map((h) => h.status),
        `${w.plan.through} ${w.plan.account} read by ${other}`,
      ).to.deep.equal(w.plan.statuses);
    }
  }

  it("this release's migrations applied on the previous release's database while it served", async () => {
    expect(migrated.length).to.be.greaterThan(0);
    expect(await pendingMigrations(database.knex)).to.deep.equal([]);
  });

  it("the previous release's worker alone completes what both APIs create, and delivers its webhooks", async () => {
    await sendBatch();
  });

  it('with both workers running, what both APIs create completes', async () => {
    processes.currentWorker = await ServiceProcess.start('start-worker', database.url, ENV);
    await sendBatch();
  });

  it("once the previous release's worker has stopped, this release's completes what both APIs create", async () => {
    expect(await processes.previousWorker!.stop(), 'the previous worker stops gracefully').to.equal(0);
    delete processes.previousWorker;
    await sendBatch();
  });

  it('every webhook was signed with the merchant secret; balances exact; `ledger:verify` passes', async () => {
    expect(receiver.unverified()).to.deep.equal([]);
    const ledger = new LedgerProbe(database.knex);
    for (const api of ['previous', 'current'] as const) {
      const entity = sandbox.entities[entityOf(api)]!;
      const paid = Money.sum(
        sent.flatMap((w) =>
          w.plan.through === api && w.plan.statuses.at(-1) === 'SUCCESS' ? [Money.of(w.total)] : [],
        ),
      );
      expect(await ledger.balance(entity.walletId), api).to.equal(
        Money.of(entity.balance).minus(paid).toString(),
      );
    }
    if (!PREVIOUS_RELEASE.postsSettlements) {
      const day = new Date().toISOString().slice(0, 10);
      const reconciled = await reconcileDay(database.url, 'simulated', day);
      expect(reconciled.code, reconciled.output).to.equal(0);
    }
    const { code, output } = await verifyLedger(database.url);
    expect(code, output).to.equal(0);
  });

  it('no process of either release logged an error, and each stops gracefully', async () => {
    for (const [name, p] of Object.entries(processes)) expect(p.loggedErrors(), name).to.deep.equal([]);
    for (const [name, p] of Object.entries(processes)) expect(await p.stop(), name).to.equal(0);
  });
});
