import type { Knex } from 'knex';

/**
 * Reconciliation's tables are archived month by month too (the `reconciliation` family, docs/partitions.md), so an
 * archived month may name it. `archived_months` holds a row per archived month: its check is replaced in one short
 * transaction. Going down refuses while a reconciliation month is recorded as archived: its record would be lost.
 */
const FAMILIES_BEFORE = "'withdrawal-history', 'webhooks', 'ledger'";

const familyCheck = (families: string) =>
  `ALTER TABLE archived_months DROP CONSTRAINT archived_months_family_check,
     ADD CONSTRAINT archived_months_family_check CHECK (family IN (${families}))`;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(familyCheck(`${FAMILIES_BEFORE}, 'reconciliation'`));
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(familyCheck(FAMILIES_BEFORE));
};
