import { type ProviderRecord, RECORD_STATE_STEP } from '../ports/provider-records.port.js';
import type { StoredProviderRecord } from '../ports/reconciliation-store.port.js';

/**
 * `earlier` after the same record is read again as `later` (ReconciliationStore.saveRecords): a read behind it
 * (RECORD_STATE_STEP) changes nothing; any other sets the amount, currency, states and final time, and the
 * reference and fee unless it lacks them. What names the record and when it was created stay `earlier`'s.
 */
export function laterRead<T extends ProviderRecord>(earlier: T, later: ProviderRecord): T {
  if (RECORD_STATE_STEP[later.state] < RECORD_STATE_STEP[earlier.state]) return earlier;
  return {
    ...earlier,
    reference: later.reference ?? earlier.reference,
    amount: later.amount,
    currency: later.currency,
    state: later.state,
    providerState: later.providerState,
    finalAt: later.finalAt,
    fee: later.fee ?? earlier.fee,
  };
}

/** `stored` read again as `read` at `readAt`: laterRead, the time of the last read noted whatever it says. */
export const readAgain = (
  stored: StoredProviderRecord,
  read: ProviderRecord,
  readAt: Date,
): StoredProviderRecord => ({ ...laterRead(stored, read), lastReadAt: readAt });
