import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RailId, RailWebhookReading, RailWebhookRequest, RailWebhookVerifier } from '@payout/domain';
import { text } from '../http/json-fields.js';
import { eventOf, referencesOf } from '../webhooks/webhook-event.js';

export const MODERN_TREASURY_SIGNATURE_HEADER = 'x-signature';

export interface ModernTreasuryWebhookVerifierOptions {
  /** The organization's webhook key, from Modern Treasury's webhook settings (MODERN_TREASURY_WEBHOOK_KEY). */
  readonly webhookKey: string;
  /** The rails Modern Treasury serves in this deployment. */
  readonly rails: readonly RailId[];
}

/** The parts of a webhook body this reads: `{"event":"completed","data":{"id":…,"object":"payment_order",…}}`. */
interface ModernTreasuryEventBody {
  readonly data?: {
    readonly id?: unknown;
    readonly object?: unknown;
    /** On a `return` object: the payment order it returns. */
    readonly returnable_id?: unknown;
    readonly returnable_type?: unknown;
  };
}

/**
 * Modern Treasury's webhooks: `X-Signature` is the hex HMAC-SHA256 of the raw body keyed with the webhook key
 * (the scheme of its SDKs' `webhooks.validateSignature`), compared in constant time. A payment order event
 * (`X-Topic: payment_order`) names the order, our rail reference; a return event names it as `returnable_id`.
 * The signature carries no time, so a replay is possible, and harmless: it only makes a poll due again.
 */
export class ModernTreasuryWebhookVerifier implements RailWebhookVerifier {
  readonly provider = 'modern_treasury';
  readonly rails: readonly RailId[];

  constructor(private readonly options: ModernTreasuryWebhookVerifierOptions) {
    this.rails = options.rails;
  }

  async read(request: RailWebhookRequest): Promise<RailWebhookReading> {
    const signature = request.headers[MODERN_TREASURY_SIGNATURE_HEADER]?.trim();
    if (!signature) return refused('no X-Signature header');
    if (!/^[0-9a-f]{64}$/i.test(signature)) return refused('X-Signature is not a hex HMAC-SHA256');
    const expected = createHmac('sha256', this.options.webhookKey).update(request.rawBody).digest();
    if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected))
      return refused('X-Signature does not match');
    const data = eventOf<ModernTreasuryEventBody>(request.rawBody).data ?? {};
    const object = text(data.object) ?? request.headers['x-topic'];
    const references =
      object === 'payment_order'
        ? referencesOf(data.id)
        : object === 'return' && data.returnable_type === 'payment_order'
          ? referencesOf(data.returnable_id)
          : [];
    return { kind: 'VERIFIED', references };
  }
}

const refused = (why: string): RailWebhookReading => ({
  kind: 'REFUSED',
  detail: `Modern Treasury webhook signature: ${why}`,
});
