import type { RailId } from '../rails/rail-id.js';

/** A provider's webhook as it arrived: its exact bytes (signatures cover them) and its headers, lower-cased. */
export interface RailWebhookRequest {
  readonly rawBody: Buffer;
  readonly headers: Readonly<Record<string, string | undefined>>;
}

export type RailWebhookReading =
  /** The provider sent it; `references` are the transfers it is about (the rail references we store). */
  | { readonly kind: 'VERIFIED'; readonly references: readonly string[] }
  /** Not provably the provider's: a missing, malformed, wrong or stale signature. */
  | { readonly kind: 'REFUSED'; readonly detail: string };

/**
 * One provider's webhook check, as its documentation prescribes. A webhook is only a hint that a transfer
 * changed: the status itself is read from the provider by the usual poll, so the body is never trusted for it.
 */
export interface RailWebhookVerifier {
  /** The path segment of `POST /v1/rails/:provider/webhooks`. */
  readonly provider: string;
  /** The rails the provider serves here: a reference is looked for among their withdrawals only. */
  readonly rails: readonly RailId[];
  read(request: RailWebhookRequest): Promise<RailWebhookReading>;
}
