import type { Knex } from 'knex';
import type { AesGcmFieldCipher } from './aes-gcm-field-cipher.js';

/** Every column the field cipher seals, by table and primary key: what a key rotation must reach. */
export const SEALED_COLUMNS = [
  { table: 'linked_accounts', column: 'destination_secret' },
  { table: 'webhook_endpoints', column: 'secrets_ciphertext' },
] as const;

export interface ReencryptionProgress {
  readonly table: string;
  /** Values sealed again with the current key by this batch. */
  readonly resealed: number;
  /** Of the table, by this run so far. */
  readonly resealedInTable: number;
}

export interface ReencryptionResult {
  /** Values sealed again, per table. */
  readonly resealed: Readonly<Record<string, number>>;
  /** Values still sealed by another key after the run (some process still sealing with an old ring), per table. */
  readonly remaining: Readonly<Record<string, number>>;
}

export interface ReencryptionOptions {
  readonly batchSize?: number;
  /** After each committed batch (progress lines; a test's interruption). */
  readonly onBatch?: (progress: ReencryptionProgress) => void | Promise<void>;
}

const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Seals every value not sealed by the current key again with it, in batches of `batchSize` rows, each batch one
 * transaction that locks its rows (a concurrent write of the service waits, then writes with the current key too).
 * Resumable by construction: a run that stops anywhere leaves whole batches done, and the next run finds only the
 * rows still sealed by another key. After a run that leaves none, the old keys can be removed from the ring.
 */
export async function reencryptFields(
  knex: Knex,
  cipher: AesGcmFieldCipher,
  options: ReencryptionOptions = {},
): Promise<ReencryptionResult> {
  const batchSize = options.batchSize ?? 500;
  const prefix = cipher.currentPrefix;
  const resealed: Record<string, number> = {};
  const remaining: Record<string, number> = {};
  for (const { table, column } of SEALED_COLUMNS) {
    let after = FIRST_ID;
    resealed[table] = 0;
    for (;;) {
      const batch = await knex.transaction(async (trx) => {
        const rows: { id: string; sealed: string }[] = await trx(table)
          .select('id', `${column} as sealed`)
          .where('id', '>', after)
          .andWhereRaw('left(??, ?) <> ?', [column, prefix.length, prefix])
          .orderBy('id')
          .limit(batchSize)
          .forUpdate();
        if (rows.length === 0) return rows;
        const values = rows.map((row) => [row.id, cipher.encrypt(cipher.decrypt(row.sealed))]);
        await trx.raw(
          `UPDATE ?? AS t SET ?? = v.sealed FROM (VALUES ${values.map(() => '(?::uuid, ?)').join(', ')}) AS v(id, sealed) WHERE t.id = v.id`,
          [table, column, ...values.flat()],
        );
        return rows;
      });
      if (batch.length === 0) break;
      after = (batch.at(-1) as { id: string }).id;
      resealed[table] += batch.length;
      await options.onBatch?.({ table, resealed: batch.length, resealedInTable: resealed[table] });
    }
    const [counted] = await knex(table)
      .count<{ count: string }[]>('* as count')
      .whereRaw('left(??, ?) <> ?', [column, prefix.length, prefix]);
    remaining[table] = Number(counted?.count ?? 0);
  }
  return { resealed, remaining };
}
