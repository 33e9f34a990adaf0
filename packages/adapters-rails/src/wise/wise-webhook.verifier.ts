import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { RailId, RailWebhookReading, RailWebhookRequest, RailWebhookVerifier } from '@payout/domain';
import { eventOf, referencesOf } from '../webhooks/webhook-event.js';

export const WISE_SIGNATURE_HEADER = 'x-signature-sha256';

export interface WiseWebhookVerifierOptions {
  /** Wise's webhook public key for the environment (sandbox or live), PEM (WISE_WEBHOOK_PUBLIC_KEY). */
  readonly publicKey: string;
  /** The rails Wise serves in this deployment. */
  readonly rails: readonly RailId[];
}

/**
 * The parts of an event this reads. `transfers#state-change` and `transfers#refund` name the transfer as
 * `data.resource` (`{"type":"transfer","id":111,…}`); `transfers#payout-failure` as `data.transfer_id`.
 */
interface WiseEventBody {
  readonly data?: {
    readonly resource?: { readonly type?: unknown; readonly id?: unknown };
    readonly transfer_id?: unknown;
  };
}

/** Throws when `pem` is not a public key (configuration checks it at start-up). */
export const wisePublicKey = (pem: string): KeyObject => createPublicKey({ key: pem, format: 'pem' });

/**
 * Wise's webhooks: `X-Signature-SHA256` is the Base64 RSA signature, with SHA-256, of the raw body, made with
 * Wise's private key; it verifies with the public key Wise publishes for the environment. The transfer id the
 * event names (an integer in the body) is our rail reference. Wise does not guarantee the order of events; the
 * poll each one triggers reads the transfer's current state, so order does not matter here.
 */
export class WiseWebhookVerifier implements RailWebhookVerifier {
  readonly provider = 'wise';
  readonly rails: readonly RailId[];
  private readonly key: KeyObject;

  constructor(options: WiseWebhookVerifierOptions) {
    this.rails = options.rails;
    this.key = wisePublicKey(options.publicKey);
  }

  async read(request: RailWebhookRequest): Promise<RailWebhookReading> {
    const signature = request.headers[WISE_SIGNATURE_HEADER]?.trim();
    if (!signature) return refused('no X-Signature-SHA256 header');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return refused('X-Signature-SHA256 is not Base64');
    if (!verify('sha256', request.rawBody, this.key, Buffer.from(signature, 'base64')))
      return refused('X-Signature-SHA256 does not verify with the configured public key');
    const data = eventOf<WiseEventBody>(request.rawBody).data ?? {};
    const resource = data.resource?.type === 'transfer' ? data.resource.id : undefined;
    return { kind: 'VERIFIED', references: referencesOf(resource, data.transfer_id) };
  }
}

const refused = (why: string): RailWebhookReading => ({
  kind: 'REFUSED',
  detail: `Wise webhook signature: ${why}`,
});
