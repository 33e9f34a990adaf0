import type { Principal } from '@payout/domain';

interface Verified {
  readonly principal: Principal;
  /** `exp` in ms: the entry is worthless from then on. */
  readonly expiresAtMs: number;
}

/**
 * Tokens already verified, by their exact text (signature included), until their `exp`: a client reuses its
 * access token for many requests, and checking the signature, decoding and parsing it again is work done once
 * (docs/decisions/0015-verified-tokens-remembered.md). Only successes are kept; a token that failed is checked again
 * each time. Bounded: past `capacity`, the oldest entry goes.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, Verified>();

  constructor(
    private readonly capacity = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): Principal | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (this.now() < entry.expiresAtMs) return entry.principal;
    this.entries.delete(token);
    return null;
  }

  remember(token: string, principal: Principal, expiresAtMs: number): void {
    if (this.capacity <= 0) return;
    this.entries.delete(token);
    this.entries.set(token, { principal, expiresAtMs });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
