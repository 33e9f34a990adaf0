import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AesGcmFieldCipher,
  KnexUnitOfWork,
  migrateLatest,
  monthLabel,
  monthOf,
  recordLedgerVerification,
} from '@payout/adapters-persistence';
import {
  partitionedRows,
  type ScratchDatabase,
  scratchDatabase,
  seedWithdrawalAt,
} from '@payout/adapters-persistence/testing';
import { seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { NpmScript } from './npm-script.fixture.js';

describe('npm run archive: archiving a month by hand and reading it back', function () {
  this.timeout(180_000);
  let database: ScratchDatabase;
  let dir: string;

  before(async () => {
    database = await scratchDatabase('archive_cli');
    dir = await mkdtemp(join(tmpdir(), 'payout-archive-cli-'));
    await migrateLatest(database.knex);
  });
  after(async () => {
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (...args: string[]) => {
    const script = new NpmScript(
      'archive',
      {
        ...process.env,
        APP_ENV: 'development',
        DATABASE_URL: database.url,
        ARCHIVE_DIR: dir,
        RETENTION_LEDGER_MONTHS: '1',
        RETENTION_WITHDRAWAL_HISTORY_MONTHS: '1',
        RETENTION_WEBHOOK_MONTHS: '1',
      },
      args,
    );
    try {
      const code = await script.exited;
      return { code, text: script.text, lines: script.lines };
    } finally {
      script.kill();
    }
  };

  it('archives the months before --before that retention lets go, restores them with --restore, and refuses anything else', async () => {
    const unitOfWork = new KnexUnitOfWork({
      knex: database.knex,
      jobs: { in: () => ({ enqueue: () => Promise.reject(new Error('the seed enqueues nothing')) }) },
      cipher: new AesGcmFieldCipher(randomBytes(32)),
    });
    const parties = await seedParties(unitOfWork);
    await seedWithdrawalAt(unitOfWork, parties, new Date('2026-01-20T09:00:00Z'));
    await database.knex('withdrawals').update({ status: 'SUCCESS', next_check_at: null });
    await recordLedgerVerification(database.knex, new Date(), {
      ok: true,
      unbalancedEntryIds: [],
      drift: [],
      settlement: [],
    });
    const rows = await partitionedRows(database.knex);

    const archived = await run('--before', monthLabel(monthOf(new Date())));
    expect(archived.code, archived.text).to.equal(0);
    expect(archived.lines.map((line) => [line.family, line.month, line.outcome])).to.deep.equal([
      ['withdrawal-history', '2026-01', 'archived'],
      ['webhooks', '2026-01', 'archived'],
      ['ledger', '2026-01', 'archived'],
    ]);
    expect(await readdir(dir)).to.have.members(['withdrawal-history', 'webhooks', 'ledger']);
    expect((await partitionedRows(database.knex)).withdrawal_history).to.deep.equal([]);

    const restored = await run('--restore', '2026-01');
    expect(restored.code, restored.text).to.equal(0);
    expect(restored.lines.map((line) => [line.family, line.outcome])).to.deep.equal([
      ['withdrawal-history', 'restored'],
      ['webhooks', 'restored'],
      ['ledger', 'restored'],
      ['reconciliation', 'not-archived'],
    ]);
    expect(await partitionedRows(database.knex)).to.deep.equal(rows);

    const wrong = await run('--before', '2026-13');
    expect(wrong.code).to.equal(2);
    expect(wrong.text).to.include('usage: npm run archive -- --before YYYY-MM | --restore YYYY-MM');
  });
});
