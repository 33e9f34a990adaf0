import {
  createRailRegistry,
  DEFAULT_WITHDRAWAL_SETTINGS,
  type Principal,
  RAIL_IDS,
  type RailId,
  type WithdrawalFlowDeps,
} from '@payout/domain';
import { ManualClock, ScriptedRail, SequentialIds, seedCustomer } from '@payout/domain/testing';
import type { PgBoss } from 'pg-boss';
import { AesGcmFieldCipher } from '../crypto/aes-gcm-field-cipher.js';
import { FAST_JOB_QUEUE_SETTINGS } from '../jobs/job-queue.settings.js';
import { createPgBoss, ensureQueues } from '../jobs/pg-boss.factory.js';
import { PgBossJobs } from '../jobs/pg-boss.job-queue.js';
import { KnexUnitOfWork } from '../unit-of-work/knex-unit-of-work.js';
import { type IsolatedDatabase, isolatedDatabase } from './isolated-database.fixture.js';

export interface Customer {
  readonly walletId: string;
  readonly accountId: string;
  readonly principal: Principal;
}

/**
 * The withdrawal flow on real PostgreSQL: Knex unit of work, pg-boss enqueueing inside its transactions, a
 * manual clock, deterministic ids and a scripted rail per rail id. Nothing runs the queued jobs: tests call
 * the handlers themselves, as concurrently as they like.
 */
export class PayoutWorld {
  readonly clock = new ManualClock('2026-03-02T10:00:00.000Z');
  readonly ids = new SequentialIds('0000face');
  readonly rails = new Map<RailId, ScriptedRail>(RAIL_IDS.map((id) => [id, new ScriptedRail(id, 1000, 0)]));
  readonly unitOfWork: KnexUnitOfWork;
  readonly deps: WithdrawalFlowDeps;

  private constructor(
    readonly db: IsolatedDatabase,
    private readonly boss: PgBoss,
    private readonly backgroundErrors: Error[],
  ) {
    const cipher = new AesGcmFieldCipher(new Uint8Array(32).fill(7));
    this.unitOfWork = new KnexUnitOfWork({ knex: db.knex, cipher, jobs: new PgBossJobs(boss) });
    this.deps = {
      unitOfWork: this.unitOfWork,
      rails: createRailRegistry([...this.rails.values()]),
      clock: this.clock,
      ids: this.ids,
      settings: { ...DEFAULT_WITHDRAWAL_SETTINGS, railTimeoutMs: 1000 },
    };
  }

  static async create(label: string): Promise<PayoutWorld> {
    const db = await isolatedDatabase(label);
    const backgroundErrors: Error[] = [];
    const boss = await createPgBoss({
      knex: db.knex,
      settings: FAST_JOB_QUEUE_SETTINGS,
      onError: (error) => backgroundErrors.push(error),
    });
    await ensureQueues(boss, FAST_JOB_QUEUE_SETTINGS);
    return new PayoutWorld(db, boss, backgroundErrors);
  }

  /** Fails when pg-boss reported a background error while the world was open. */
  async close(): Promise<void> {
    await this.boss.stop({ graceful: false });
    await this.db.drop();
    if (this.backgroundErrors.length > 0)
      throw new Error(`pg-boss errors: ${this.backgroundErrors.join('; ')}`);
  }

  rail(id: RailId): ScriptedRail {
    return this.rails.get(id) as ScriptedRail;
  }

  /** A merchant with one entity, its SPEND wallet funded through the ledger, and a linked bank account. */
  async customer(balance: string): Promise<Customer> {
    const { walletId, accountId, principal } = await seedCustomer(
      this.unitOfWork,
      this.ids,
      this.clock.now(),
      {
        balance,
      },
    );
    return { walletId, accountId, principal };
  }

  async balance(walletId: string): Promise<string> {
    const wallet = await this.unitOfWork.read.wallets.findById(walletId);
    if (!wallet) throw new Error(`wallet ${walletId} is missing`);
    return wallet.balance.toString();
  }

  /** Ledger entries of `kind` per withdrawal of the wallet, straight from the tables. */
  async postingsPerWithdrawal(walletId: string, kind: string): Promise<Map<string, number>> {
    const rows: Array<{ withdrawal_id: string; n: string }> = await this.db
      .knex('ledger_entries')
      .where({ wallet_id: walletId, kind })
      .groupBy('withdrawal_id')
      .select('withdrawal_id', this.db.knex.raw('count(*) as n'));
    return new Map(rows.map((row) => [row.withdrawal_id, Number(row.n)]));
  }
}
