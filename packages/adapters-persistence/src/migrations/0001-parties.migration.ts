import type { Knex } from 'knex';

/**
 * Merchants, their wallets and entities. A merchant and its MERCHANT wallet point at each other, so the
 * merchant's wallet reference is checked at commit (the use case saves the merchant before its wallet).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE TABLE merchants (
      id uuid PRIMARY KEY,
      name text NOT NULL CHECK (length(name) > 0),
      payouts_enabled boolean NOT NULL,
      approval_threshold numeric(20,2) NOT NULL CHECK (approval_threshold >= 0),
      fee_overrides jsonb NOT NULL DEFAULT '{}'::jsonb,
      wallet_id uuid NOT NULL UNIQUE,
      created_at timestamptz NOT NULL
    );
    CREATE TABLE wallets (
      id uuid PRIMARY KEY,
      merchant_id uuid NOT NULL REFERENCES merchants (id),
      owner_id uuid NOT NULL,
      wallet_type text NOT NULL CHECK (wallet_type IN ('SPEND', 'MERCHANT')),
      currency char(3) NOT NULL CHECK (currency = 'USD'),
      balance numeric(20,2) NOT NULL CHECK (balance >= 0),
      disabled boolean NOT NULL DEFAULT false,
      CONSTRAINT wallets_one_per_owner UNIQUE (owner_id, wallet_type),
      CONSTRAINT wallets_merchant_owns_merchant_wallet CHECK (wallet_type <> 'MERCHANT' OR owner_id = merchant_id)
    );
    CREATE INDEX wallets_merchant_idx ON wallets (merchant_id);
    ALTER TABLE merchants ADD CONSTRAINT merchants_wallet_fk
      FOREIGN KEY (wallet_id) REFERENCES wallets (id) DEFERRABLE INITIALLY DEFERRED;
    CREATE TABLE entities (
      id uuid PRIMARY KEY,
      merchant_id uuid NOT NULL REFERENCES merchants (id),
      entity_type text NOT NULL CHECK (entity_type IN ('USER', 'BUSINESS')),
      email text NOT NULL,
      external_identifier text,
      wallet_id uuid NOT NULL UNIQUE REFERENCES wallets (id),
      created_at timestamptz NOT NULL
    );
    CREATE INDEX entities_merchant_idx ON entities (merchant_id);
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    DROP TABLE entities;
    ALTER TABLE merchants DROP CONSTRAINT merchants_wallet_fk;
    DROP TABLE wallets;
    DROP TABLE merchants;
  `);
};
