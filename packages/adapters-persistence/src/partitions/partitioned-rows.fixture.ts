import { type UnitOfWork, withdrawalDebitEntry } from '@payout/domain';
import { buildWebhookEvent, buildWithdrawal, type Parties } from '@payout/domain/testing';
import type { Knex } from 'knex';
import { TimeOrderedUuidGenerator } from '../system/time-ordered-uuid-generator.js';
import { FAMILIES } from './partitioned-tables.js';

/** The ids of what `seedWithdrawalAt` stored. */
export interface SeededWithdrawal {
  readonly withdrawalId: string;
  readonly eventId: string;
  readonly entryId: string;
}

/**
 * A withdrawal made at `at` with a row in every partitioned table: its history, its debit's entry and lines, an
 * event with its delivery (delivered) and one attempt. Every id is a UUIDv7 of `at`, as the service makes them.
 */
export async function seedWithdrawalAt(
  unitOfWork: UnitOfWork,
  parties: Parties,
  at: Date,
): Promise<SeededWithdrawal> {
  const ids = new TimeOrderedUuidGenerator(() => at.getTime());
  const withdrawal = { ...buildWithdrawal(parties, '10.00', 'PENDING', at), id: ids.next() };
  const event = {
    ...buildWebhookEvent(parties, withdrawal.id, 1),
    id: ids.next(),
    createdAt: at,
    deliveryState: 'DELIVERED' as const,
    attempts: 1,
    nextAttemptAt: null,
    deliveredAt: at,
  };
  const entryId = ids.next();
  await unitOfWork.run(async (tx) => {
    await tx.withdrawals.insert(withdrawal);
    await tx.ledger.append(withdrawalDebitEntry(entryId, withdrawal, at));
    await tx.webhookEvents.insert(event);
    await tx.webhookEvents.recordAttempt({
      id: ids.next(),
      eventId: event.id,
      attempt: 1,
      attemptedAt: at,
      statusCode: 200,
      latencyMs: 12,
      error: null,
      succeeded: true,
    });
  });
  return { withdrawalId: withdrawal.id, eventId: event.id, entryId };
}

/** Every row of every partitioned table, as text, in key order: what a round trip must give back. */
export async function partitionedRows(knex: Knex): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of FAMILIES.flatMap((family) => family.tables)) {
    const order = table.rowKey.map((column) => knex.raw('??', [column]).toQuery()).join(', ');
    const { rows: found } = await knex.raw<{ rows: Array<{ row: string }> }>(
      `SELECT t::text AS row FROM ?? t ORDER BY ${order}`,
      [table.name],
    );
    rows[table.name] = found.map((r) => r.row);
  }
  return rows;
}
