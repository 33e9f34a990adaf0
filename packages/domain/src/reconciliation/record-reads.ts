import { type ProviderRecord, RECORD_STATE_STEP } from '../ports/provider-records.port.js';
import type { StoredProviderRecord } from '../ports/reconciliation-store.port.js';

/** Of two reads of one record, the one that counts: the further along (RECORD_STATE_STEP), the later of two alike. */
export const countingRead = (earlier: ProviderRecord, later: ProviderRecord): ProviderRecord =>
  RECORD_STATE_STEP[later.state] >= RECORD_STATE_STEP[earlier.state] ? later : earlier;

/**
 * `stored` after it is read again as `read` at `readAt` (ReconciliationStore.saveRecords): a read behind it only
 * notes the time; any other takes the read's amount, currency, states and final time, and its reference and fee
 * unless it lacks them.
 */
export function readAgain(
  stored: StoredProviderRecord,
  read: ProviderRecord,
  readAt: Date,
): StoredProviderRecord {
  if (RECORD_STATE_STEP[read.state] < RECORD_STATE_STEP[stored.state])
    return { ...stored, lastReadAt: readAt };
  return {
    ...stored,
    reference: read.reference ?? stored.reference,
    amount: read.amount,
    currency: read.currency,
    state: read.state,
    providerState: read.providerState,
    finalAt: read.finalAt,
    fee: read.fee ?? stored.fee,
    lastReadAt: readAt,
  };
}
