import type {
  Clock,
  RailId,
  RailWebhookReading,
  RailWebhookRequest,
  RailWebhookVerifier,
} from '@payout/domain';
import { Webhook } from 'standardwebhooks';
import { asObject, text } from '../http/json-fields.js';
import { INCREASE_SIGNATURE_HEADER, verifyIncreaseWebhookSignature } from './increase-webhook-signature.js';

export interface IncreaseWebhookVerifierOptions {
  /** The Event Subscription's shared secret (INCREASE_WEBHOOK_SECRET). */
  readonly secret: string;
  readonly clock: Clock;
  /** The rails Increase serves in this deployment. */
  readonly rails: readonly RailId[];
}

/** The part of Increase's Event object this reads: the object the event is about, e.g. an `ach_transfer_…` id. */
interface IncreaseEventBody {
  readonly associated_object_id?: unknown;
}

/** The Standard Webhooks headers Increase signs with today (its SDK's `events.unwrap`). */
const STANDARD_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * Increase's webhooks: an Event (`{"id":"event_…","category":"ach_transfer.updated","associated_object_id":
 * "ach_transfer_…",…}`). The transfer id it names is our rail reference. Signed as Standard Webhooks
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`, keyed with the subscription secret's bytes, within five
 * minutes), verified with the `standardwebhooks` library exactly as Increase's SDK does; an event carrying only the
 * older `Increase-Webhook-Signature` is verified by that scheme, with no age limit (its retries may carry the first
 * delivery's time). A replayed event only makes a withdrawal's check due again, which a poll answers.
 */
export class IncreaseWebhookVerifier implements RailWebhookVerifier {
  readonly provider = 'increase';
  readonly rails: readonly RailId[];

  constructor(private readonly options: IncreaseWebhookVerifierOptions) {
    this.rails = options.rails;
  }

  async read(request: RailWebhookRequest): Promise<RailWebhookReading> {
    const refused =
      request.headers['webhook-signature'] !== undefined
        ? this.standardRefusal(request)
        : this.legacyRefusal(request);
    if (refused) return { kind: 'REFUSED', detail: refused };
    let event: unknown;
    try {
      event = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      event = null;
    }
    const reference = text(asObject<IncreaseEventBody>(event).associated_object_id);
    return { kind: 'VERIFIED', references: reference ? [reference] : [] };
  }

  private standardRefusal(request: RailWebhookRequest): string | null {
    const headers = Object.fromEntries(STANDARD_HEADERS.map((name) => [name, request.headers[name] ?? '']));
    try {
      new Webhook(Buffer.from(this.options.secret, 'utf8'), { format: 'raw' }).verify(
        request.rawBody,
        headers,
      );
      return null;
    } catch (error) {
      return `Increase webhook signature (Standard Webhooks): ${(error as Error).message}`;
    }
  }

  private legacyRefusal(request: RailWebhookRequest): string | null {
    const verified = verifyIncreaseWebhookSignature({
      rawBody: request.rawBody,
      signatureHeader: request.headers[INCREASE_SIGNATURE_HEADER],
      secret: this.options.secret,
      now: this.options.clock.now(),
    });
    return verified.ok ? null : `Increase webhook signature: ${verified.error}`;
  }
}
