import type {
  Clock,
  RailId,
  RailWebhookReading,
  RailWebhookRequest,
  RailWebhookVerifier,
} from '@payout/domain';
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

/**
 * Increase's webhooks: an Event (`{"id":"event_…","category":"ach_transfer.updated","associated_object_id":
 * "ach_transfer_…",…}`) signed in `Increase-Webhook-Signature`. The transfer id it names is our rail reference.
 * No age limit on the signature: Increase's retries may carry the first delivery's time, and a replayed event only
 * makes a withdrawal's check due again, which a poll answers with the transfer's real status.
 */
export class IncreaseWebhookVerifier implements RailWebhookVerifier {
  readonly provider = 'increase';
  readonly rails: readonly RailId[];

  constructor(private readonly options: IncreaseWebhookVerifierOptions) {
    this.rails = options.rails;
  }

  async read(request: RailWebhookRequest): Promise<RailWebhookReading> {
    const verified = verifyIncreaseWebhookSignature({
      rawBody: request.rawBody,
      signatureHeader: request.headers[INCREASE_SIGNATURE_HEADER],
      secret: this.options.secret,
      now: this.options.clock.now(),
    });
    if (!verified.ok) return { kind: 'REFUSED', detail: `Increase webhook signature: ${verified.error}` };
    let event: unknown;
    try {
      event = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      event = null;
    }
    const reference = text(asObject<IncreaseEventBody>(event).associated_object_id);
    return { kind: 'VERIFIED', references: reference ? [reference] : [] };
  }
}
