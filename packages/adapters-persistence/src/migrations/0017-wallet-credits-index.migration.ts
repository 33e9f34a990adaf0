import type { Knex } from 'knex';

/**
 * An operator's credit reads the sum of the wallet's earlier credits (the cap that keeps every later reversal
 * within the balance column). The partial index holds credit entries only, so a merchant wallet with many
 * withdrawals is not scanned, and a withdrawal's postings add nothing to it.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(
    `CREATE INDEX ledger_entries_wallet_credits_idx ON ledger_entries (wallet_id) WHERE kind = 'WALLET_CREDIT'`,
  );
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP INDEX ledger_entries_wallet_credits_idx');
};
