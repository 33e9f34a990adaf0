import type { Principal, TokenVerifier } from '../ports/token-verifier.port.js';
import { domainError, MESSAGES } from '../shared/domain-error.js';
import { err, ok } from '../shared/result.js';

/** Maps literal test tokens to principals; anything else is unauthorized. */
export class StaticTokenVerifier implements TokenVerifier {
  private readonly principals = new Map<string, Principal>();

  register(token: string, principal: Principal): this {
    this.principals.set(token, principal);
    return this;
  }

  async verify(token: string) {
    const principal = this.principals.get(token);
    return principal ? ok(principal) : err(domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));
  }
}
