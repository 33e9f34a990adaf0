import type { WebhookRequest, WebhookResponse, WebhookSender } from '../ports/webhook-sender.port.js';

/** Records deliveries and answers with scripted status codes (200 once the script runs out). */
export class RecordingWebhookSender implements WebhookSender {
  readonly requests: WebhookRequest[] = [];
  private readonly script: WebhookResponse[] = [];

  willAnswer(...responses: Array<Partial<WebhookResponse> & { statusCode: number | null }>): this {
    for (const r of responses) {
      this.script.push({ latencyMs: 5, retryAfterSeconds: null, error: null, ...r });
    }
    return this;
  }

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    this.requests.push(request);
    return this.script.shift() ?? { statusCode: 200, latencyMs: 5, retryAfterSeconds: null, error: null };
  }
}
