import type { Knex } from 'knex';

/**
 * What archiving keeps in the database (docs/partitions.md): each archived month of a table family, with the
 * checksum of its manifest; the sums of the ledger postings archived, per account and kind, so that a wallet still
 * equals its postings once old months are gone (and its credits still cap it); and each ledger verification's
 * outcome, which says up to when the ledger is known to balance (a ledger month is archived only after that).
 * New tables only: nothing existing is locked or rewritten.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE TABLE archived_months (
      family text NOT NULL CHECK (family IN ('withdrawal-history', 'webhooks', 'ledger')),
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      manifest_sha256 text NOT NULL CHECK (manifest_sha256 ~ '^[0-9a-f]{64}$'),
      rows jsonb NOT NULL,
      archived_at timestamptz NOT NULL,
      PRIMARY KEY (family, month)
    );
    CREATE TABLE ledger_archived_totals (
      account text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('WALLET_CREDIT', 'WITHDRAWAL_DEBIT', 'WITHDRAWAL_REVERSAL')),
      amount numeric NOT NULL,
      PRIMARY KEY (account, kind)
    );
    CREATE TABLE ledger_verifications (
      started_at timestamptz PRIMARY KEY,
      ok boolean NOT NULL,
      unbalanced integer NOT NULL CHECK (unbalanced >= 0),
      drifting integer NOT NULL CHECK (drifting >= 0)
    );
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(
    'DROP TABLE ledger_verifications; DROP TABLE ledger_archived_totals; DROP TABLE archived_months;',
  );
};
