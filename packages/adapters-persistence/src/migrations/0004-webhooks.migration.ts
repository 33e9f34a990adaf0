import type { Knex } from 'knex';

/** One endpoint per merchant (secrets encrypted), one event per status change, every delivery attempt. */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE TABLE webhook_endpoints (
      id uuid PRIMARY KEY,
      merchant_id uuid NOT NULL UNIQUE REFERENCES merchants (id),
      url text NOT NULL,
      secrets_ciphertext text NOT NULL,
      disabled boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE TABLE webhook_events (
      id uuid PRIMARY KEY,
      merchant_id uuid NOT NULL REFERENCES merchants (id),
      withdrawal_id uuid NOT NULL REFERENCES withdrawals (id),
      sequence integer NOT NULL CHECK (sequence >= 1),
      status text NOT NULL CHECK (status IN ('PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS', 'FAILED')),
      body jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      delivery_state text NOT NULL
        CHECK (delivery_state IN ('PENDING', 'DELIVERED', 'FAILED', 'ENDPOINT_DISABLED', 'NO_ENDPOINT')),
      attempts integer NOT NULL CHECK (attempts >= 0),
      next_attempt_at timestamptz,
      delivered_at timestamptz,
      CONSTRAINT webhook_events_one_per_change UNIQUE (withdrawal_id, sequence)
    );
    CREATE INDEX webhook_events_merchant_idx ON webhook_events (merchant_id, created_at);
    CREATE TABLE webhook_attempts (
      id uuid PRIMARY KEY,
      event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
      attempt integer NOT NULL CHECK (attempt >= 1),
      attempted_at timestamptz NOT NULL,
      status_code integer,
      latency_ms integer NOT NULL CHECK (latency_ms >= 0),
      error text,
      succeeded boolean NOT NULL,
      CONSTRAINT webhook_attempts_once UNIQUE (event_id, attempt)
    );
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP TABLE webhook_attempts; DROP TABLE webhook_events; DROP TABLE webhook_endpoints;');
};
