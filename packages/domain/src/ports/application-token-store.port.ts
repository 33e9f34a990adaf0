import type { ApplicationToken } from '../application-token/application-token.js';

/** Application tokens by their SHA-256 hash; the opaque token itself is never stored. */
export interface ApplicationTokenStore {
  /** Inserts a new token. Throws on a duplicate id or hash. */
  insert(token: ApplicationToken): Promise<void>;
  findByHash(tokenHash: string): Promise<ApplicationToken | null>;
  /** The token as stored, with the unit's own writes inside one; no lock. */
  findById(id: string): Promise<ApplicationToken | null>;
  /**
   * Reads the token as stored and holds it until the unit of work ends (concurrent lockers wait), so that two
   * payment-link withdrawals cannot both consume it.
   */
  lockById(id: string): Promise<ApplicationToken | null>;
  /** Sets the status, all that changes of a token. A token that does not exist fails the unit. */
  update(token: ApplicationToken): Promise<void>;
}
