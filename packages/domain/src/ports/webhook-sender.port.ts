export interface WebhookRequest {
  readonly url: string;
  /** The event id, sent as `webhook-id`. */
  readonly eventId: string;
  readonly timestamp: Date;
  /** The exact bytes that are signed and sent. */
  readonly body: string;
  /** Every secret that signs this delivery; several during a rotation. */
  readonly secrets: readonly string[];
}

export interface WebhookResponse {
  /** null when no HTTP answer came (connection refused, timeout). */
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly retryAfterSeconds: number | null;
  readonly error: string | null;
}

/**
 * Signs (Standard Webhooks) and posts one delivery, waiting at most 10 s. Never throws for a receiver's
 * failure: it is described in the response.
 */
export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookResponse>;
}
