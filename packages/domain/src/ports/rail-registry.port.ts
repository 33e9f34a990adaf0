import type { RailId } from '../rails/rail-id.js';
import type { PayoutRail } from './payout-rail.port.js';

/** All bound rails by id. Built once at boot; building fails when the routing table names an unbound rail. */
export interface RailRegistry {
  get(id: RailId): PayoutRail;
}
