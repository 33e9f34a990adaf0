import type { RailId, RailWebhookReading, RailWebhookRequest, RailWebhookVerifier } from '@payout/domain';
import { globalFetch, parseJson, trimBaseUrl } from '../http/fetch-transport.js';
import { asObject, text } from '../http/json-fields.js';
import type { RailHttpOptions } from '../http/rail-http-options.js';
import { referencesOf } from '../webhooks/webhook-event.js';
import { PayPalHttpClient } from './paypal-http.client.js';
import { PayPalOAuthClient } from './paypal-oauth.client.js';

export interface PayPalWebhookVerifierOptions extends Pick<RailHttpOptions, 'clock' | 'timeoutMs' | 'fetch'> {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The id PayPal gave the webhook registered for this service's URL (PAYPAL_WEBHOOK_ID). */
  readonly webhookId: string;
  /** The rails PayPal serves in this deployment. */
  readonly rails: readonly RailId[];
}

/** The transmission headers PayPal signs with, as the verify call names them. */
const TRANSMISSION = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/**
 * The parts of a payouts event this reads: `PAYMENT.PAYOUTS-ITEM.*` carries the item, with its batch id, as
 * `resource`; `PAYMENT.PAYOUTSBATCH.*` carries the batch, its id in `resource.batch_header`. The batch id is our
 * rail reference.
 */
interface PayPalEventBody {
  readonly resource?: {
    readonly payout_batch_id?: unknown;
    readonly batch_header?: { payout_batch_id?: unknown };
  };
}

/**
 * PayPal's webhooks, verified as PayPal prescribes by `POST /v1/notifications/verify-webhook-signature`: the
 * transmission headers, our webhook id and the event exactly as received; PayPal answers SUCCESS or FAILURE.
 * Chosen over the local check (CRC32 of the body, a certificate fetched from the header's URL, RSA-SHA256) so no
 * certificate chain or URL host has to be validated here; PayPal's token is cached like the payout rails'. The
 * event is sent as its raw bytes, spliced into the request, because a re-serialised event fails PayPal's check.
 * When PayPal cannot be asked (a timeout, a 5xx, our credentials refused) this throws: 503, nothing changed, and
 * PayPal delivers the webhook again later.
 */
export class PayPalWebhookVerifier implements RailWebhookVerifier {
  readonly provider = 'paypal';
  readonly rails: readonly RailId[];
  private readonly http: PayPalHttpClient;

  constructor(private readonly options: PayPalWebhookVerifierOptions) {
    this.rails = options.rails;
    const fetch = options.fetch ?? globalFetch;
    const oauth = new PayPalOAuthClient({ ...options, fetch });
    this.http = new PayPalHttpClient(trimBaseUrl(options.baseUrl), oauth, fetch);
  }

  async read(request: RailWebhookRequest): Promise<RailWebhookReading> {
    const fields: string[] = [];
    for (const [field, header] of Object.entries(TRANSMISSION)) {
      const value = request.headers[header]?.trim();
      if (!value) return refused(`no ${header.toUpperCase()} header`);
      fields.push(`${JSON.stringify(field)}:${JSON.stringify(value)}`);
    }
    const raw = request.rawBody.toString('utf8');
    const parsed = parseJson(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return refused('the body is not a JSON event');
    fields.push(`"webhook_id":${JSON.stringify(this.options.webhookId)}`, `"webhook_event":${raw}`);
    const path = '/v1/notifications/verify-webhook-signature';
    const answered = await this.http.call(
      'POST',
      path,
      `{${fields.join(',')}}`,
      AbortSignal.timeout(this.options.timeoutMs),
    );
    if (!answered.ok) throw new Error(`PayPal webhook not verified: ${answered.error}`);
    const { status, body } = answered.value;
    // A 400 is PayPal refusing what the headers say (a malformed signature or certificate URL): not PayPal's.
    if (status === 400) return refused('PayPal refused the transmission headers');
    if (status !== 200) throw new Error(`PayPal webhook not verified: PayPal answered ${status} for ${path}`);
    const verdict = text(asObject<{ verification_status?: unknown }>(body).verification_status);
    if (verdict !== 'SUCCESS') return refused(`PayPal answered ${verdict ?? 'no verification_status'}`);
    const resource = asObject<PayPalEventBody>(parsed).resource ?? {};
    return {
      kind: 'VERIFIED',
      references: referencesOf(resource.payout_batch_id, asObject(resource.batch_header).payout_batch_id),
    };
  }
}

const refused = (why: string): RailWebhookReading => ({
  kind: 'REFUSED',
  detail: `PayPal webhook signature: ${why}`,
});
