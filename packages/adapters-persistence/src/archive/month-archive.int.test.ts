import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Parties, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { immediateWriter } from '../batched-transactions/sql-write.js';
import { type IsolatedDatabase, isolatedDatabase } from '../ledger/isolated-database.fixture.js';
import { recordLedgerVerification } from '../ledger/ledger-verifications.js';
import { seedingUnitOfWork } from '../migrations/migration-steps.fixture.js';
import { monthKeyedTable } from '../partitions/month-foreign-keys.js';
import {
  expectEveryPartitionKeyed,
  MONTH_KEYED_NAMES,
  monthKeysOf,
} from '../partitions/month-keys.fixture.js';
import { ensurePartitionsAhead } from '../partitions/partition-maker.js';
import {
  partitionedRows,
  type SeededWithdrawal,
  seedWithdrawalAt,
} from '../partitions/partitioned-rows.fixture.js';
import { archivedTables, FAMILIES, type TableFamily } from '../partitions/partitioned-tables.js';
import { KnexLedgerRepository } from '../repositories/knex-ledger.repository.js';
import { ARCHIVE_GUARDS, type ArchiveGuard } from './archive-guards.js';
import { readManifest } from './archive-layout.js';
import { type ArchivedMonth, archiveMonths } from './month-archive.js';
import { restoreMonth } from './month-restore.js';

/** One month kept: with `now` in August 2031, every month before July 2031 is past its retention. */
const NOW = new Date('2031-08-15T12:00:00Z');
const RETENTION = { ledger: 1, 'withdrawal-history': 1, webhooks: 1, reconciliation: 1 } as const;
const OLD = new Date('2026-01-20T09:00:00Z');
const RECENT = new Date('2031-05-03T09:00:00Z');
const KEPT = new Date('2031-07-30T09:00:00Z');

const outcomes = (months: readonly ArchivedMonth[]) =>
  months.map((m) => `${m.family} ${m.month} ${m.outcome}`).sort();

describe('archiving months past their retention (PostgreSQL)', function () {
  this.timeout(120_000);
  let db: IsolatedDatabase;
  let dir: string;
  let parties: Parties;
  const seeded: SeededWithdrawal[] = [];

  const archive = (guards: readonly ArchiveGuard[] = ARCHIVE_GUARDS) =>
    archiveMonths(db.knex, { dir, now: NOW, retentionMonths: RETENTION, guards });
  const drift = () => new KnexLedgerRepository(db.knex, immediateWriter(db.knex)).walletDrift();
  const finalAndVerified = async () => {
    await db.knex('withdrawals').update({ status: 'SUCCESS', next_check_at: null });
    await recordLedgerVerification(db.knex, NOW, {
      ok: true,
      unbalancedEntryIds: [],
      drift: [],
      settlement: [],
    });
  };

  before(async () => {
    db = await isolatedDatabase('month_archive');
    dir = await mkdtemp(join(tmpdir(), 'payout-archive-'));
    // May 2031 in a month partition of its own; January 2026 in the legacy partition (below migration 0024's bound).
    await ensurePartitionsAhead(db.knex, new Date('2031-05-01T00:00:00Z'));
    const unitOfWork = seedingUnitOfWork(db.knex);
    parties = await seedParties(unitOfWork);
    for (const at of [OLD, OLD, RECENT, RECENT, KEPT])
      seeded.push(await seedWithdrawalAt(unitOfWork, parties, at));
  });
  after(async () => {
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a month while a withdrawal of it is not final, a return window is open, a reconciliation exception is open, an event is undelivered or the ledger is unverified', async () => {
    const pending = seeded[2] as SeededWithdrawal;
    const settled = seeded[0] as SeededWithdrawal;
    const disputed = seeded[1] as SeededWithdrawal;
    const exception = {
      id: '018f0000-0000-7000-8000-00000000e001',
      provider: 'simulated',
      day: '2026-01-20',
      type: 'AMOUNT_MISMATCH',
      subject: disputed.withdrawalId,
      withdrawal_id: disputed.withdrawalId,
      since: NOW,
      opened_at: NOW,
      evidence: JSON.stringify({}),
    };
    await db.knex('reconciliation_exceptions').insert(exception);
    await db.knex('withdrawals').whereNot({ id: pending.withdrawalId }).update({ status: 'SUCCESS' });
    await db.knex('withdrawals').where({ id: settled.withdrawalId }).update({ next_check_at: NOW });
    await db
      .knex('webhook_deliveries')
      .where({ event_id: pending.eventId })
      .update({ delivery_state: 'PENDING' });
    const rows = await partitionedRows(db.knex);

    const months = await archive();

    const held = Object.fromEntries(
      months.map((m) => [`${m.family} ${m.month}`, m.outcome === 'held' ? m.by : m]),
    );
    expect(held).to.deep.equal({
      'withdrawal-history 2026-01': { 'return-window-open': 1, 'reconciliation-exception-open': 1 },
      'webhooks 2026-01': { 'return-window-open': 1, 'reconciliation-exception-open': 1 },
      'ledger 2026-01': {
        'return-window-open': 1,
        'reconciliation-exception-open': 1,
        'ledger-unverified': 1,
      },
      // The exception's own day stays while it is open, whatever its withdrawal.
      'reconciliation 2026-01': { 'reconciliation-day-open': 1 },
      'withdrawal-history 2031-05': { 'withdrawal-not-final': 1 },
      'webhooks 2031-05': { 'withdrawal-not-final': 1, 'webhook-undelivered': 1 },
      'ledger 2031-05': { 'withdrawal-not-final': 1, 'ledger-unverified': 1 },
    });
    expect(await partitionedRows(db.knex)).to.deep.equal(rows);
    expect(await readdir(dir)).to.deep.equal([]);
    await db
      .knex('webhook_deliveries')
      .where({ event_id: pending.eventId })
      .update({ delivery_state: 'DELIVERED' });
    await db.knex('reconciliation_exceptions').where({ id: exception.id }).update({
      resolution_action: 'ACKNOWLEDGE',
      resolution_reason: 'checked with the provider',
      resolved_by: 'ops',
      resolved_at: NOW,
    });
  });

  it('exports each table’s month, then drops it only in the transaction that finds the rows equal to the files; a crash between the two is run again', async () => {
    await finalAndVerified();
    // Rail steps go with their withdrawal's history month: one of January 2026, one of the kept month.
    const steps = [
      { withdrawal_id: (seeded[0] as SeededWithdrawal).withdrawalId, step: 'quote', value: 'q-2026-01' },
      { withdrawal_id: (seeded[4] as SeededWithdrawal).withdrawalId, step: 'quote', value: 'q-2031-07' },
    ];
    await db.knex('rail_steps').insert(steps);
    const railSteps = () =>
      db.knex('rail_steps').select('withdrawal_id', 'step', 'value').orderBy(['withdrawal_id', 'step']);
    // Reconciliation by the provider's day: January 2026 archived (with the exception the test before resolved),
    // the kept month not.
    const record = (withdrawal: SeededWithdrawal, day: string) => ({
      provider: 'simulated',
      provider_id: `sim-${day}`,
      day,
      reference: withdrawal.withdrawalId,
      amount: '25.00',
      currency: 'USD',
      state: 'PAID',
      provider_state: 'PAID',
      created_at: `${day}T09:00:00Z`,
      final_at: `${day}T09:00:05Z`,
      fee: null,
      withdrawal_id: withdrawal.withdrawalId,
      first_read_at: NOW,
      last_read_at: NOW,
    });
    await db
      .knex('provider_records')
      .insert([
        record(seeded[0] as SeededWithdrawal, '2026-01-20'),
        record(seeded[4] as SeededWithdrawal, '2031-07-30'),
      ]);
    await db.knex('reconciliation_runs').insert({
      id: '018f0000-0000-7000-8000-00000000f001',
      provider: 'simulated',
      day: '2026-01-20',
      started_at: NOW,
      finished_at: NOW,
      records: 1,
      matched: 1,
      pending: 0,
      opened: 1,
      exceptions: JSON.stringify({}),
    });
    await db.knex('simulated_payouts').insert([
      {
        provider_id: 'sim-a',
        reference: 'a',
        rail: 'ACH',
        amount: '25.00',
        currency: 'USD',
        accepted_at: OLD,
      },
      {
        provider_id: 'sim-b',
        reference: 'b',
        rail: 'ACH',
        amount: '25.00',
        currency: 'USD',
        accepted_at: KEPT,
      },
    ]);
    const reconciliation = async () => {
      const rows: Record<string, string[]> = {};
      for (const { name } of archivedTables(
        FAMILIES.find((f) => f.name === 'reconciliation') as TableFamily,
      )) {
        const { rows: found } = await db.knex.raw(`SELECT t::text AS row FROM ${name} t ORDER BY 1`);
        rows[name] = found.map((r: { row: string }) => r.row);
      }
      return rows;
    };
    const reconciled = await reconciliation();
    const rows = await partitionedRows(db.knex);
    const before = await drift();
    // A crash after the export, before the drop: the guards pass before the export and throw in the drop's transaction.
    let asked = 0;
    const crashing: ArchiveGuard = {
      name: 'crash',
      families: ['webhooks'],
      holds: async () => {
        asked += 1;
        if (asked === 2) throw new Error('process killed');
        return 0;
      },
    };
    const failure = await archive([...ARCHIVE_GUARDS, crashing]).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).to.equal('process killed');
    const { manifest: first } = await readManifest(join(dir, 'webhooks', '2026-01'));
    expect(
      (await partitionedRows(db.knex)).webhook_events,
      'nothing of the crashed month dropped',
    ).to.deep.equal(rows.webhook_events);

    const months = await archive();

    // The history months went before the crash (families are archived one after another); the rest now.
    expect(outcomes(months)).to.deep.equal([
      'ledger 2026-01 archived',
      'ledger 2031-05 archived',
      'reconciliation 2026-01 archived',
      'webhooks 2026-01 archived',
      'webhooks 2031-05 archived',
    ]);
    const { rows: recorded } = await db.knex.raw(
      'SELECT family, month::text FROM archived_months ORDER BY 1, 2',
    );
    expect(recorded.map((r: { family: string; month: string }) => `${r.family} ${r.month}`)).to.deep.equal([
      'ledger 2026-01-01',
      'ledger 2031-05-01',
      'reconciliation 2026-01-01',
      'webhooks 2026-01-01',
      'webhooks 2031-05-01',
      'withdrawal-history 2026-01-01',
      'withdrawal-history 2031-05-01',
    ]);
    const { manifest } = await readManifest(join(dir, 'webhooks', '2026-01'));
    expect(manifest.tables.map((t) => [t.table, t.rows, t.sha256])).to.deep.equal(
      first.tables.map((t) => [t.table, t.rows, t.sha256]),
    );
    expect(manifest.tables.map((t) => [t.table, t.rows])).to.deep.equal([
      ['webhook_events', 2],
      ['webhook_deliveries', 2],
      ['webhook_attempts', 2],
    ]);
    expect(await readdir(join(dir, 'ledger', '2031-05'))).to.have.members([
      'ledger_entries.copy.gz',
      'ledger_lines.copy.gz',
      'manifest.json',
    ]);
    const { manifest: history } = await readManifest(join(dir, 'withdrawal-history', '2026-01'));
    expect(history.tables.map((t) => [t.table, t.rows])).to.deep.equal([
      ['withdrawal_history', 2],
      ['rail_steps', 1],
    ]);
    expect(await railSteps(), 'the kept month’s rail step only').to.deep.equal([steps[1]]);
    const { manifest: reconciliationManifest } = await readManifest(join(dir, 'reconciliation', '2026-01'));
    expect(reconciliationManifest.tables.map((t) => [t.table, t.rows])).to.deep.equal([
      ['provider_records', 1],
      ['reconciliation_exceptions', 1],
      ['reconciliation_runs', 1],
      ['simulated_payouts', 1],
    ]);
    expect(
      Object.values(await reconciliation()).map((rows) => rows.length),
      'the kept month’s record and payout only',
    ).to.deep.equal([1, 0, 0, 1]);
    const left = await partitionedRows(db.knex);
    expect(left.withdrawal_history, 'the kept month only').to.have.length(1);
    expect(left.ledger_entries).to.have.length(1);
    expect(left.webhook_attempts).to.have.length(1);
    const { rows: partitions } = await db.knex.raw("SELECT to_regclass('webhook_events_p203105') AS t");
    expect(partitions[0]?.t, 'a month partition is dropped whole').to.equal(null);
    expect(await drift(), 'wallets still equal their postings, archived ones counted').to.deep.equal(before);
    expect(await archive(), 'again: nothing left to do').to.deep.equal([]);

    // A file that no longer matches its manifest is refused before anything is loaded.
    const file = join(dir, 'withdrawal-history', '2031-05', 'withdrawal_history.copy.gz');
    const original = await readFile(file);
    await writeFile(file, gzipSync('not what was archived\n'));
    const refused = await restoreMonth(db.knex, dir, { year: 2031, month: 5 }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refused).to.equal(`${file} does not match its manifest: not restored`);
    expect((await partitionedRows(db.knex)).withdrawal_history).to.deep.equal(left.withdrawal_history);
    await writeFile(file, original);

    // A month archived before rail steps went with it has no file of them, and restores all the same.
    const olderManifest = join(dir, 'withdrawal-history', '2031-05', 'manifest.json');
    const older = JSON.parse(await readFile(olderManifest, 'utf8'));
    older.tables = older.tables.filter((t: { table: string }) => t.table !== 'rail_steps');
    await writeFile(olderManifest, JSON.stringify(older));
    for (const [month, reconciliationMonth] of [
      [{ year: 2026, month: 1 }, 'restored'],
      [{ year: 2031, month: 5 }, 'not-archived'],
    ] as const)
      expect((await restoreMonth(db.knex, dir, month)).map((r) => r.outcome)).to.deep.equal([
        'restored',
        'restored',
        'restored',
        reconciliationMonth,
      ]);
    expect(await partitionedRows(db.knex), 'restored as they were').to.deep.equal(rows);
    expect(await railSteps(), 'rail steps restored with their month').to.deep.equal(steps);
    expect(await reconciliation(), 'reconciliation restored with its month').to.deep.equal(reconciled);
    // The month partitions made again hold their keys to the month's partitions they reference.
    for (const table of MONTH_KEYED_NAMES) await expectEveryPartitionKeyed(db.knex, table);
    expect(
      await monthKeysOf(db.knex, monthKeyedTable('webhook_attempts')),
      'a restored month keys its partitions again',
    ).to.deep.include({ from: 'webhook_attempts_p203105', to: 'webhook_deliveries_p203105', valid: true });
    expect(await drift()).to.deep.equal(before);
    const { rows: archived } = await db.knex.raw('SELECT count(*)::int AS n FROM archived_months');
    expect(archived[0]?.n).to.equal(0);
  });

  it('runs one archive or restore at a time: another, meanwhile, fails at once', async () => {
    let release: () => void = () => {};
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds every month, the first one until the test releases it.
    const waiting: ArchiveGuard = {
      name: 'waiting',
      families: ['withdrawal-history', 'webhooks', 'ledger'],
      holds: async () => {
        entered();
        await released;
        return 1;
      },
    };
    const first = archive([waiting]);
    await inside;
    const second = await archive().then(
      () => null,
      (error: Error) => error.message,
    );
    const restore = await restoreMonth(db.knex, dir, { year: 2026, month: 1 }).then(
      () => null,
      (error: Error) => error.message,
    );
    release();
    await first;
    expect([second, restore]).to.deep.equal([
      'another archive or restore is running: try again once it is done',
      'another archive or restore is running: try again once it is done',
    ]);
  });
});
