/** A signing secret; during rotation the old one keeps signing until `expiresAt` (docs/product.md §7). */
export interface WebhookSecret {
  readonly secret: string;
  readonly expiresAt: Date | null;
}

export interface WebhookEndpoint {
  readonly id: string;
  readonly merchantId: string;
  readonly url: string;
  /** Newest first. */
  readonly secrets: readonly WebhookSecret[];
  /** Set when the receiver answered 410 Gone. */
  readonly disabled: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export const activeSecrets = (endpoint: WebhookEndpoint, now: Date): readonly string[] =>
  endpoint.secrets
    .filter((s) => s.expiresAt === null || s.expiresAt.getTime() > now.getTime())
    .map((s) => s.secret);
