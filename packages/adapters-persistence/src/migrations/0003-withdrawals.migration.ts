import type { Knex } from 'knex';

/** Withdrawals with their numbered history, and the ledger of balanced postings they move money with. */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE TABLE withdrawals (
      id uuid PRIMARY KEY,
      merchant_id uuid NOT NULL REFERENCES merchants (id),
      entity_id uuid NOT NULL REFERENCES entities (id),
      linked_account_id uuid NOT NULL REFERENCES linked_accounts (id),
      wallet_id uuid NOT NULL REFERENCES wallets (id),
      flow text NOT NULL CHECK (flow IN ('PAYOUT', 'PAYMENT')),
      rail text NOT NULL CHECK (rail IN ('ACH', 'RTP', 'WIRE', 'SWIFT', 'PUSH_TO_CARD', 'ZELLE', 'PAYPAL', 'VENMO')),
      currency char(3) NOT NULL CHECK (currency = 'USD'),
      amount numeric(20,2) NOT NULL CHECK (amount > 0),
      fees numeric(20,2) NOT NULL CHECK (fees >= 0),
      total numeric(20,2) NOT NULL,
      reason text,
      status text NOT NULL CHECK (status IN ('AWAITING_APPROVAL', 'PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS', 'FAILED')),
      failure_reason text,
      sequence integer NOT NULL CHECK (sequence >= 1),
      requested_by text NOT NULL,
      application_token_id uuid REFERENCES application_tokens (id),
      debited boolean NOT NULL,
      reversed boolean NOT NULL,
      rail_reference text,
      submit_attempts integer NOT NULL CHECK (submit_attempts >= 0),
      submitted_at timestamptz,
      approval_expires_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CONSTRAINT withdrawals_total_is_amount_plus_fees CHECK (total = amount + fees),
      CONSTRAINT withdrawals_failure_reason_iff_failed CHECK ((status = 'FAILED') = (failure_reason IS NOT NULL)),
      CONSTRAINT withdrawals_reversed_only_if_debited CHECK (debited OR NOT reversed)
    );
    CREATE INDEX withdrawals_merchant_idx ON withdrawals (merchant_id, created_at);
    CREATE INDEX withdrawals_entity_idx ON withdrawals (entity_id);
    CREATE INDEX withdrawals_wallet_idx ON withdrawals (wallet_id);
    CREATE INDEX withdrawals_expired_approvals_idx ON withdrawals (approval_expires_at, created_at)
      WHERE status = 'AWAITING_APPROVAL';
    CREATE TABLE withdrawal_history (
      withdrawal_id uuid NOT NULL REFERENCES withdrawals (id) ON DELETE CASCADE,
      sequence integer NOT NULL CHECK (sequence >= 1),
      status text NOT NULL,
      previous_status text,
      reason text,
      at timestamptz NOT NULL,
      PRIMARY KEY (withdrawal_id, sequence)
    );
    CREATE TABLE ledger_entries (
      id uuid PRIMARY KEY,
      posted_seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      kind text NOT NULL CHECK (kind IN ('WALLET_CREDIT', 'WITHDRAWAL_DEBIT', 'WITHDRAWAL_REVERSAL')),
      wallet_id uuid NOT NULL REFERENCES wallets (id),
      withdrawal_id uuid REFERENCES withdrawals (id) DEFERRABLE INITIALLY DEFERRED,
      memo text NOT NULL,
      created_at timestamptz NOT NULL,
      CONSTRAINT ledger_entries_one_per_withdrawal_kind UNIQUE (withdrawal_id, kind),
      CONSTRAINT ledger_entries_withdrawal_iff_not_credit CHECK ((kind = 'WALLET_CREDIT') = (withdrawal_id IS NULL))
    );
    CREATE INDEX ledger_entries_wallet_idx ON ledger_entries (wallet_id, posted_seq);
    CREATE TABLE ledger_lines (
      entry_id uuid NOT NULL REFERENCES ledger_entries (id) ON DELETE CASCADE,
      position smallint NOT NULL,
      account text NOT NULL,
      amount numeric(20,2) NOT NULL,
      PRIMARY KEY (entry_id, position)
    );
    CREATE INDEX ledger_lines_account_idx ON ledger_lines (account);
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    DROP TABLE ledger_lines;
    DROP TABLE ledger_entries;
    DROP TABLE withdrawal_history;
    DROP TABLE withdrawals;
  `);
};
