import type { RailId } from '../rails/rail-id.js';
import type { PayoutRail } from './payout-rail.port.js';

/**
 * All rails by id. Built once at boot; building fails when the routing table names a rail that is neither bound
 * nor disabled.
 */
export interface RailRegistry {
  get(id: RailId): PayoutRail;
  /** False for a rail this deployment switched off: a withdrawal routed to it is refused before any debit. */
  isEnabled(id: RailId): boolean;
}
