import type { Knex } from 'knex';

/**
 * Operator actions are recorded (issue 32): who approved or rejected a withdrawal, and why, on the status change
 * the decision made; and every operator action in an append-only audit log, written in the transaction of its
 * effect. A trigger refuses to update or delete an audit row, so not even a mistaken statement of ours rewrites
 * the record; only dropping the table (the down migration) removes it. The log is read newest first, alone or
 * by action, subject or actor: one index per way it is read, each ending in the order of the pages.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    ALTER TABLE withdrawal_history ADD COLUMN decided_by text, ADD COLUMN decision_reason text;
    CREATE TABLE operator_audit_log (
      id uuid PRIMARY KEY,
      at timestamptz NOT NULL,
      actor text NOT NULL,
      action text NOT NULL,
      subject_type text NOT NULL,
      subject_id text NOT NULL,
      changes jsonb NOT NULL
    );
    CREATE INDEX operator_audit_log_at_idx ON operator_audit_log (at DESC, id DESC);
    CREATE INDEX operator_audit_log_action_idx ON operator_audit_log (action, at DESC, id DESC);
    CREATE INDEX operator_audit_log_subject_idx ON operator_audit_log (subject_id, at DESC, id DESC);
    CREATE INDEX operator_audit_log_actor_idx ON operator_audit_log (actor, at DESC, id DESC);
    CREATE FUNCTION operator_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'operator_audit_log is append-only: % refused', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END;
    $$;
    CREATE TRIGGER operator_audit_log_append_only
      BEFORE UPDATE OR DELETE ON operator_audit_log
      FOR EACH ROW EXECUTE FUNCTION operator_audit_log_append_only();
    CREATE TRIGGER operator_audit_log_no_truncate
      BEFORE TRUNCATE ON operator_audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_log_append_only();
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    DROP TABLE operator_audit_log;
    DROP FUNCTION operator_audit_log_append_only();
    ALTER TABLE withdrawal_history DROP COLUMN decided_by, DROP COLUMN decision_reason;
  `);
};
