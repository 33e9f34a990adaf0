import type { Knex } from 'knex';

/**
 * The columns a row is made with and keeps: an entity's identity, a wallet's owner and kind, a withdrawal's
 * parties and amounts. No repository writes them after the insert; a trigger refuses an UPDATE that changes one,
 * so that what a process remembers of them (the persistence adapter's KnownRows and FixedRows) is the row as
 * stored, whoever writes. A trigger fires only for an UPDATE that names one of its columns, which ours never do.
 */
const FIXED: Readonly<Record<string, readonly string[]>> = {
  entities: ['id', 'merchant_id', 'entity_type', 'wallet_id'],
  wallets: ['id', 'merchant_id', 'owner_id', 'wallet_type', 'currency'],
  withdrawals: [
    'id',
    'merchant_id',
    'entity_id',
    'linked_account_id',
    'wallet_id',
    'flow',
    'rail',
    'currency',
    'amount',
    'fees',
    'total',
    'reason',
    'requested_by',
    'application_token_id',
    'created_at',
  ],
};

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE FUNCTION payout_fixed_columns() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        fixed text;
      BEGIN
        FOREACH fixed IN ARRAY TG_ARGV LOOP
          IF to_jsonb(OLD) -> fixed IS DISTINCT FROM to_jsonb(NEW) -> fixed THEN
            RAISE EXCEPTION '%.% never changes once stored', TG_TABLE_NAME, fixed
              USING ERRCODE = 'insufficient_privilege';
          END IF;
        END LOOP;
        RETURN NEW;
      END;
    $$;
  `);
  for (const [table, columns] of Object.entries(FIXED))
    await knex.raw(
      `CREATE TRIGGER ${table}_fixed_columns BEFORE UPDATE OF ${columns.join(', ')} ON ${table}
        FOR EACH ROW EXECUTE FUNCTION payout_fixed_columns(${columns.map((c) => `'${c}'`).join(', ')})`,
    );
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of Object.keys(FIXED)) await knex.raw(`DROP TRIGGER ${table}_fixed_columns ON ${table}`);
  await knex.raw('DROP FUNCTION payout_fixed_columns()');
};
