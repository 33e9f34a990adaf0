/** Produces unguessable secrets and their one-way hashes. */
export interface SecretGenerator {
  /** An opaque application token carrying at least 128 random bits, URL-safe. */
  applicationToken(): string;
  /** A webhook signing secret: `whsec_` + base64 of at least 24 random bytes. */
  webhookSecret(): string;
  /** SHA-256 of a token, hex: what the application-token store keeps instead of the token. */
  hash(token: string): string;
}
