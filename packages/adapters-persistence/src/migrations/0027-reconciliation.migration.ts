import type { Knex } from 'knex';
import type { OnlineSteps } from './online-migration.js';

/**
 * Reconciliation (issue 46, docs/reconciliation.md): the providers' records as read, one row per provider and
 * provider id however often a day is read again; the exceptions found, one per provider, type and subject, open or
 * resolved, so that a rerun opens none twice; the runs made; and the simulated provider's own book of the payouts it
 * accepted, written by the simulated rails outside our transactions, so that every worker sees one book
 * (docs/decisions/0027-simulated-book-in-the-database.md). Besides new tables, one partial index finds the payouts
 * a provider accepted on a day, built concurrently beside the traffic on withdrawals: outside a transaction, so the
 * tables come first in one of their own, and a rerun after a cut build finds them made.
 */
export const config = { transaction: false };

export const up = async (_knex: Knex, steps: OnlineSteps): Promise<void> => {
  await steps.transaction((trx) => trx.raw(TABLES));
  await steps.indexConcurrently(
    'withdrawals_submitted_idx',
    'ON withdrawals (rail_provider, submitted_at) WHERE rail_reference IS NOT NULL',
  );
};

export const down = async (knex: Knex, steps: OnlineSteps): Promise<void> => {
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS withdrawals_submitted_idx');
  await steps.transaction((trx) =>
    trx.raw(`
      DROP TABLE IF EXISTS simulated_payouts;
      DROP TABLE IF EXISTS reconciliation_runs;
      DROP TABLE IF EXISTS reconciliation_exceptions;
      DROP TABLE IF EXISTS provider_records;
    `),
  );
};

const TABLES = `
    CREATE TABLE IF NOT EXISTS provider_records (
      provider text NOT NULL CHECK (char_length(provider) <= 64),
      provider_id text NOT NULL CHECK (char_length(provider_id) <= 255),
      day date NOT NULL,
      reference text CHECK (char_length(reference) <= 255),
      amount numeric NOT NULL,
      currency text NOT NULL CHECK (char_length(currency) = 3),
      state text NOT NULL CHECK (state IN ('PENDING', 'PAID', 'FAILED', 'RETURNED')),
      provider_state text NOT NULL CHECK (char_length(provider_state) <= 255),
      created_at timestamptz NOT NULL,
      final_at timestamptz,
      fee numeric,
      withdrawal_id uuid,
      first_read_at timestamptz NOT NULL,
      last_read_at timestamptz NOT NULL,
      PRIMARY KEY (provider, provider_id)
    );
    CREATE INDEX IF NOT EXISTS provider_records_day_idx ON provider_records (provider, day);
    CREATE INDEX IF NOT EXISTS provider_records_withdrawal_idx ON provider_records (withdrawal_id) WHERE withdrawal_id IS NOT NULL;
    CREATE TABLE IF NOT EXISTS reconciliation_exceptions (
      id uuid PRIMARY KEY,
      provider text NOT NULL CHECK (char_length(provider) <= 64),
      day date NOT NULL,
      type text NOT NULL CHECK (type IN ('MISSING_AT_PROVIDER', 'UNKNOWN_AT_PROVIDER', 'AMOUNT_MISMATCH',
        'STATUS_MISMATCH', 'LATE_RETURN', 'DUPLICATE_AT_PROVIDER')),
      subject text NOT NULL CHECK (char_length(subject) <= 255),
      withdrawal_id uuid,
      provider_id text,
      since timestamptz NOT NULL,
      opened_at timestamptz NOT NULL,
      evidence jsonb NOT NULL,
      resolution_action text CHECK (resolution_action IN ('FAIL', 'REVERSE', 'ACKNOWLEDGE')),
      resolution_reason text CHECK (char_length(resolution_reason) <= 1000),
      resolved_by text,
      resolved_at timestamptz,
      CONSTRAINT reconciliation_exceptions_one_per_subject UNIQUE (provider, type, subject),
      CONSTRAINT reconciliation_exceptions_resolved_whole CHECK (
        (resolution_action IS NULL) = (resolved_at IS NULL) AND (resolution_action IS NULL) = (resolved_by IS NULL)
        AND (resolution_action IS NULL) = (resolution_reason IS NULL))
    );
    CREATE INDEX IF NOT EXISTS reconciliation_exceptions_list_idx ON reconciliation_exceptions (opened_at, id);
    CREATE INDEX IF NOT EXISTS reconciliation_exceptions_open_idx ON reconciliation_exceptions (opened_at, id)
      WHERE resolved_at IS NULL;
    CREATE TABLE IF NOT EXISTS reconciliation_runs (
      id uuid PRIMARY KEY,
      provider text NOT NULL CHECK (char_length(provider) <= 64),
      day date NOT NULL,
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL,
      records integer NOT NULL CHECK (records >= 0),
      matched integer NOT NULL CHECK (matched >= 0),
      pending integer NOT NULL CHECK (pending >= 0),
      opened integer NOT NULL CHECK (opened >= 0),
      exceptions jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS reconciliation_runs_list_idx ON reconciliation_runs (finished_at, id);
    CREATE TABLE IF NOT EXISTS simulated_payouts (
      provider_id text PRIMARY KEY CHECK (char_length(provider_id) <= 255),
      reference text NOT NULL CHECK (char_length(reference) <= 255),
      rail text NOT NULL,
      amount numeric(20,2) NOT NULL,
      currency text NOT NULL CHECK (char_length(currency) = 3),
      accepted_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS simulated_payouts_day_idx ON simulated_payouts (accepted_at, provider_id);
`;
