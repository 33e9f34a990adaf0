import type { KeyObject, webcrypto } from 'node:crypto';
import type { FlattenedJWSInput, JWSHeaderParameters } from 'jose';

export type VerifyingKey = KeyObject | webcrypto.CryptoKey | Uint8Array;

/** Where the verifier's keys come from: one configured key, or an identity provider's JWKS (JwksKeys). */
export interface JwtKeySource {
  /** The key that verifies a token with this header; throws when none does. */
  key(header: JWSHeaderParameters, token: FlattenedJWSInput): Promise<VerifyingKey>;
  /** Reads the keys again when they may have changed; never throws for a provider it cannot reach if it has keys. */
  refresh(): Promise<void>;
  /** Changes whenever the keys do: a token verified under another generation is verified again. */
  generation(): number;
}

/** A key given in configuration (JWT_SECRET, JWT_PUBLIC_KEY): one generation, for ever. */
export const staticKey = (key: KeyObject): JwtKeySource => ({
  key: async () => key,
  refresh: async () => undefined,
  generation: () => 0,
});
