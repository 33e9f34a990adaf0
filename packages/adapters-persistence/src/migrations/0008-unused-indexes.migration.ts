import type { Knex } from 'knex';

/**
 * Indexes no query of the service reads, each costing every withdrawal an insert on a random page (their keys are
 * random ids): withdrawals by entity and by wallet, ledger lines by account (ledger verification scans all lines
 * anyway). Rows here are never deleted, so the foreign keys need no index on the referencing side. A future listing
 * by entity should add the index it reads, e.g. (entity_id, created_at).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    DROP INDEX withdrawals_entity_idx;
    DROP INDEX withdrawals_wallet_idx;
    DROP INDEX ledger_lines_account_idx;
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE INDEX withdrawals_entity_idx ON withdrawals (entity_id);
    CREATE INDEX withdrawals_wallet_idx ON withdrawals (wallet_id);
    CREATE INDEX ledger_lines_account_idx ON ledger_lines (account);
  `);
};
