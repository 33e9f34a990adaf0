import { generateKeyPairSync, sign, verify } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { crc32 } from 'node:zlib';
import { type FakeAnswer, header, JsonFakeServer } from './json-fake.server.js';

/** One `POST /v1/payments/payouts` as the fake received it. */
export interface PayoutCreate {
  readonly authorization: string | undefined;
  readonly body: { sender_batch_header: { sender_batch_id: string }; items: Record<string, unknown>[] };
}

interface Batch {
  readonly id: string;
  readonly senderBatchId: string;
  /** The batch's one item as the create request gave it. */
  readonly item: Record<string, unknown>;
  status: string;
}

const FIRST_TOKEN = 'A21AAFakePayPalAccessToken';

/**
 * A transaction put in the account's history, as Transaction Search lists it: its 17-character id, event code
 * (T0001 a payout item's payment, T1114 and T1115 its money back), status (S, P, D, V), signed amount as text
 * ("-12.30" left the account), when it was initiated, and the `custom_field` and `paypal_reference_id` it carries.
 */
export interface BookedTransaction {
  readonly id: string;
  readonly eventCode: string;
  readonly status: string;
  readonly amount: string;
  readonly initiatedAt: string;
  readonly updatedAt?: string;
  readonly customField?: string;
  readonly referenceId?: string;
  readonly fee?: string;
}

const money = (value: string) => ({ currency_code: 'USD', value });

/**
 * A local stand-in for PayPal's REST APIs, in their documented shapes: the OAuth2 token, Payouts
 * (`POST /v1/payments/payouts`, one batch per `sender_batch_id`, a repeat refused as a duplicate with a link to
 * the original batch, as PayPal documents `sender_batch_id`; `GET /v1/payments/payouts/:id`), Transaction Search over the transactions a test put in its history, paged, and
 * `POST /v1/notifications/verify-webhook-signature`, which answers SUCCESS
 * for a transmission this fake signed, as PayPal signs (`id|time|webhook id|CRC32 of the body`, RSA-SHA256).
 */
export class FakePayPal extends JsonFakeServer {
  readonly creates: PayoutCreate[] = [];
  readonly verifications: string[] = [];
  /** How many transactions a search page holds at most (PayPal's largest `page_size` is 500); a test's may be less. */
  pageSize = 500;
  private readonly transactions: BookedTransaction[] = [];
  private readonly batches = new Map<string, Batch>();
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** The one access token PayPal honours now; `rotateToken` replaces it. */
  private token = FIRST_TOKEN;
  private rotations = 0;
  constructor() {
    super('paypal');
  }

  /**
   * PayPal ends the access token it handed out before its expiry (a revocation, a rotation): calls with it get 401
   * from now on, and the next token request gets a new one.
   */
  rotateToken(): void {
    this.rotations += 1;
    this.token = `${FIRST_TOKEN}${this.rotations}`;
  }

  /** The ids of the batches this fake made with `senderBatchId`: PayPal pays a sender_batch_id once. */
  batchesWithSenderBatchId(senderBatchId: string): readonly string[] {
    return [...this.batches.values()].filter((b) => b.senderBatchId === senderBatchId).map((b) => b.id);
  }

  static start(): Promise<FakePayPal> {
    return new FakePayPal().listen();
  }

  /** Puts transactions in the account's history. */
  book(...transactions: BookedTransaction[]): void {
    this.transactions.push(...transactions);
  }

  /** Moves the item of batch `id` to `status`, as PayPal and the recipient would. */
  move(id: string, status: string): void {
    const batch = this.batches.get(id);
    if (!batch) throw new Error(`no batch ${id}`);
    batch.status = status;
  }

  /** The `PAYMENT.PAYOUTS-ITEM.SUCCEEDED` webhook about batch `id`, for the webhook `webhookId`, with its headers. */
  signedItemEvent(id: string, webhookId: string): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify({
      id: `WH-${id}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'payouts_item',
      event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
      resource: { payout_item_id: `${id}ITEM0`, transaction_status: 'SUCCESS', payout_batch_id: id },
    });
    const transmissionId = `b2384410-f8d2-11e5-9b10-${String(this.verifications.length).padStart(12, '0')}`;
    const time = new Date().toISOString();
    const signed = `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body))}`;
    return {
      body,
      headers: {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${this.url}/v1/notifications/certs/CERT-fake`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': sign('sha256', Buffer.from(signed), this.keys.privateKey).toString(
          'base64',
        ),
        'paypal-transmission-time': time,
      },
    };
  }

  protected answer(req: IncomingMessage, raw: string): FakeAnswer {
    const path = req.url ?? '';
    if (req.method === 'POST' && path === '/v1/oauth2/token')
      return [200, { access_token: this.token, token_type: 'Bearer', expires_in: 32400 }];
    if (header(req, 'authorization') !== `Bearer ${this.token}`)
      return [401, { error: 'invalid_token', error_description: 'Token signature verification failed' }];
    if (req.method === 'POST' && path === '/v1/payments/payouts') return this.create(req, raw);
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature')
      return this.verify(raw);
    if (req.method === 'GET' && path.startsWith('/v1/reporting/transactions?')) return this.search(path);
    const batch = this.batches.get(/^\/v1\/payments\/payouts\/([^/]+)$/.exec(path)?.[1] ?? '');
    if (req.method === 'GET' && batch) return [200, this.objectOf(batch)];
    return [404, { name: 'INVALID_RESOURCE_ID', message: 'Requested resource ID was not found.' }];
  }

  private create(req: IncomingMessage, raw: string): FakeAnswer {
    const body = JSON.parse(raw) as PayoutCreate['body'];
    this.creates.push({ authorization: header(req, 'authorization'), body });
    const key = body.sender_batch_header.sender_batch_id;
    const existing = [...this.batches.values()].find((batch) => batch.senderBatchId === key);
    // PayPal's reference (sender_batch_header.sender_batch_id): a sender_batch_id used in the last 30 days is
    // refused with an error that shows it and links the original payout (HATEOAS).
    if (existing)
      return [
        400,
        {
          name: 'USER_BUSINESS_ERROR',
          message: 'User business error.',
          details: [
            {
              field: 'SENDER_BATCH_ID',
              location: 'body',
              issue: `Batch with given sender_batch_id already exists: ${key}`,
              link: [{ href: `${this.url}/v1/payments/payouts/${existing.id}`, rel: 'self', method: 'GET' }],
            },
          ],
        },
      ];
    const batch = {
      id: `FAKEBATCH${this.batches.size + 1}`,
      senderBatchId: key,
      item: body.items[0] ?? {},
      status: 'PENDING',
    };
    this.batches.set(batch.id, batch);
    return [
      201,
      {
        batch_header: {
          payout_batch_id: batch.id,
          batch_status: 'PENDING',
          sender_batch_header: { sender_batch_id: key },
        },
      },
    ];
  }

  /**
   * Transaction Search (`GET /v1/reporting/transactions`): the transactions initiated from `start_date` to
   * `end_date`, or the one `transaction_id`, `page_size` to a page; `transaction_details`, optional in the SDK's
   * definition, is left out of a page without any, so that the reader is seen to read that as an empty day.
   */
  private search(path: string): FakeAnswer {
    const query = new URL(path, 'http://fake').searchParams;
    const [start, end] = [Date.parse(query.get('start_date') ?? ''), Date.parse(query.get('end_date') ?? '')];
    const wanted = query.get('transaction_id');
    const found = this.transactions.filter((t) => {
      const at = Date.parse(t.initiatedAt);
      return at >= start && at <= end && (wanted === null || t.id === wanted);
    });
    const size = Math.min(this.pageSize, Number(query.get('page_size') ?? 100));
    const page = Number(query.get('page') ?? 1);
    const shown = found.slice((page - 1) * size, page * size).map((t) => ({
      transaction_info: {
        paypal_account_id: 'FAKEACCOUNT01',
        transaction_id: t.id,
        ...(t.referenceId ? { paypal_reference_id: t.referenceId, paypal_reference_id_type: 'TXN' } : {}),
        transaction_event_code: t.eventCode,
        transaction_initiation_date: t.initiatedAt,
        transaction_updated_date: t.updatedAt ?? t.initiatedAt,
        transaction_amount: money(t.amount),
        ...(t.fee ? { fee_amount: money(t.fee) } : {}),
        transaction_status: t.status,
        ...(t.customField ? { custom_field: t.customField } : {}),
      },
    }));
    return [
      200,
      {
        ...(shown.length > 0 ? { transaction_details: shown } : {}),
        account_number: 'FAKEACCOUNT01',
        start_date: query.get('start_date'),
        end_date: query.get('end_date'),
        last_refreshed_datetime: query.get('end_date'),
        page,
        total_items: found.length,
        total_pages: Math.ceil(found.length / size),
      },
    ];
  }

  /** SUCCESS when the transmission signature is this fake's over the event as sent and the webhook id given. */
  private verify(raw: string): FakeAnswer {
    this.verifications.push(raw);
    const asked = JSON.parse(raw) as Record<string, string>;
    const event = raw.slice(raw.indexOf('"webhook_event":') + '"webhook_event":'.length, -1);
    const signed = `${asked.transmission_id}|${asked.transmission_time}|${asked.webhook_id}|${crc32(Buffer.from(event))}`;
    const good = verify(
      'sha256',
      Buffer.from(signed),
      this.keys.publicKey,
      Buffer.from(asked.transmission_sig ?? '', 'base64'),
    );
    return [200, { verification_status: good ? 'SUCCESS' : 'FAILURE' }];
  }

  private objectOf(batch: Batch): object {
    return {
      batch_header: {
        payout_batch_id: batch.id,
        batch_status: 'SUCCESS',
        sender_batch_header: { sender_batch_id: batch.senderBatchId },
      },
      items: [
        {
          payout_item_id: `${batch.id}ITEM0`,
          transaction_status: batch.status,
          payout_batch_id: batch.id,
          payout_item: {
            recipient_type: batch.item.recipient_type,
            amount: batch.item.amount,
            receiver: batch.item.receiver,
            sender_item_id: batch.senderBatchId,
            recipient_wallet: batch.item.recipient_wallet ?? 'PAYPAL',
          },
        },
      ],
    };
  }
}
