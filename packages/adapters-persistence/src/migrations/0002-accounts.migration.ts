import type { Knex } from 'knex';

/** Application tokens (hash only, never the token) and the linked accounts made with them. */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE TABLE application_tokens (
      id uuid PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      merchant_id uuid NOT NULL REFERENCES merchants (id),
      entity_id uuid NOT NULL REFERENCES entities (id),
      purpose text NOT NULL CHECK (purpose IN ('ACCOUNT_LINK', 'PAYMENT_LINK')),
      amount numeric(20,2) CHECK (amount > 0),
      withdrawal_source text NOT NULL CHECK (withdrawal_source IN ('ENTITY_WALLET', 'MERCHANT_WALLET')),
      expires_at timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('ACTIVE', 'INACTIVE')),
      created_at timestamptz NOT NULL
    );
    CREATE INDEX application_tokens_entity_idx ON application_tokens (entity_id);
    CREATE TABLE linked_accounts (
      id uuid PRIMARY KEY,
      merchant_id uuid NOT NULL REFERENCES merchants (id),
      entity_id uuid NOT NULL REFERENCES entities (id),
      wallet_id uuid NOT NULL REFERENCES wallets (id),
      kind text NOT NULL CHECK (kind IN ('bank', 'international_bank', 'card', 'prepaid_card', 'zelle', 'paypal', 'venmo')),
      option_type text NOT NULL,
      currency text NOT NULL,
      label text NOT NULL,
      counter_party_name text NOT NULL,
      last_four text CHECK (length(last_four) <= 4),
      application_token_id uuid NOT NULL REFERENCES application_tokens (id),
      destination_public jsonb NOT NULL,
      destination_secret text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX linked_accounts_entity_idx ON linked_accounts (entity_id, id);
    CREATE INDEX linked_accounts_token_idx ON linked_accounts (application_token_id);
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP TABLE linked_accounts; DROP TABLE application_tokens;');
};
