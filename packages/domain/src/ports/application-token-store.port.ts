import type { ApplicationToken } from '../application-token/application-token.js';

/** Application tokens by their SHA-256 hash; the opaque token itself is never stored. */
export interface ApplicationTokenStore {
  insert(token: ApplicationToken): Promise<void>;
  findByHash(tokenHash: string): Promise<ApplicationToken | null>;
  findById(id: string): Promise<ApplicationToken | null>;
  /**
   * Reads the token and holds it until the unit of work ends, so that two payment-link withdrawals cannot both
   * consume it.
   */
  lockById(id: string): Promise<ApplicationToken | null>;
  /** Sets the status. */
  update(token: ApplicationToken): Promise<void>;
}
