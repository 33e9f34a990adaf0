import { createPublicKey, generateKeyPairSync, type KeyObject, randomUUID, sign, verify } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FakeAnswer, header, JsonFakeServer } from './json-fake.server.js';

/** One `POST /v1/transfers` as the fake received it. */
export interface TransferCreate {
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

interface Transfer {
  readonly id: number;
  readonly customerTransactionId: string;
  status: string;
}

/**
 * A transfer put in the profile's list, as if made elsewhere or moved on by Wise: the `customerTransactionId` it
 * carries (null for one made without), its status, currencies and values, and when it was created (`created`,
 * "2026-01-15 12:00:00", UTC).
 */
export interface BookedWiseTransfer {
  readonly id: number;
  readonly customerTransactionId: string | null;
  readonly status: string;
  readonly created: string;
  readonly sourceCurrency?: string;
  readonly sourceValue: number;
  readonly targetCurrency?: string;
  readonly targetValue: number;
}

/**
 * A local stand-in for Wise Platform's send-money API, in its documented shapes: recipient accounts, quotes, a
 * route's account requirements (`swift_code`), transfer requirements (the reference alone), `POST /v1/transfers` (one transfer per `customerTransactionId`, a
 * repeat answers it), funding from the balance, SCA-protected once `requireSca` is given the public half of the
 * service's key (403 with a one-time token in `x-2fa-approval` until the call comes back with it signed in
 * `X-Signature`), `GET /v1/transfers/:id`, the profile's list of the transfers a test put in its book, and the sandbox's `GET /v1/simulation/transfers/:id/:status`. It signs
 * its webhooks as Wise does (`X-Signature-SHA256`, RSA-SHA256 of the body) with a key pair of its own, whose
 * public half is `publicKeyPem`.
 */
export class FakeWise extends JsonFakeServer {
  readonly transferCreates: TransferCreate[] = [];
  recipients = 0;
  quotes = 0;
  /** Account-requirements calls (GET and POST), as a link is checked. */
  requirementsAsked = 0;
  /** One-time tokens handed out; the fundings that came back with one signed. */
  readonly oneTimeTokens: string[] = [];
  signedFundings = 0;
  /** Answers the next quote with a 503, as an outage between the recipient and the quote would. */
  failNextQuote = false;
  private scaKey: KeyObject | null = null;
  private readonly transfers = new Map<number, Transfer>();
  /** How many times each transfer was funded from the balance. */
  private readonly fundings = new Map<number, number>();
  private readonly booked: BookedWiseTransfer[] = [];
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });

  constructor() {
    super('wise');
  }

  static start(): Promise<FakeWise> {
    return new FakeWise().listen();
  }

  get publicKeyPem(): string {
    return this.keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  /** Wise's `transfers#state-change` webhook about transfer `id`, signed (by another key when `forged`). */
  signedStateChange(id: number, forged = false): { body: string; headers: Record<string, string> } {
    const transfer = this.transfers.get(id);
    const body = JSON.stringify({
      data: {
        resource: { type: 'transfer', id, profile_id: 16313153, account_id: 40000001 },
        current_state: transfer?.status ?? 'processing',
        previous_state: 'processing',
        occurred_at: new Date().toISOString(),
      },
      subscription_id: '01234567-89ab-cdef-0123-456789abcdef',
      event_type: 'transfers#state-change',
      schema_version: '2.0.0',
      sent_at: new Date().toISOString(),
    });
    const key = forged
      ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
      : this.keys.privateKey;
    return {
      body,
      headers: { 'x-signature-sha256': sign('sha256', Buffer.from(body), key).toString('base64') },
    };
  }

  /** Puts transfers in the profile's list (`GET /v1/transfers`). */
  book(...transfers: BookedWiseTransfer[]): void {
    this.booked.push(...transfers);
  }

  /** Protects funding with SCA, approved by a one-time token signed with the private half of `publicKeyPem`. */
  requireSca(publicKeyPem: string): void {
    this.scaKey = createPublicKey(publicKeyPem);
  }

  protected answer(req: IncomingMessage, raw: string): FakeAnswer {
    const path = req.url ?? '';
    const simulated = /^\/v1\/simulation\/transfers\/(\d+)\/([a-z_]+)$/.exec(path);
    const shown = /^\/v1\/transfers\/(\d+)$/.exec(path);
    const funding = /^\/v3\/profiles\/\d+\/transfers\/(\d+)\/payments$/.exec(path);
    if (req.method === 'POST' && /^\/v3\/profiles\/\d+\/quotes$/.test(path)) return this.quote();
    if (req.method === 'POST' && path === '/v1/accounts') {
      this.recipients += 1;
      return [200, { id: 40000000 + this.recipients, type: 'swift_code' }];
    }
    if (req.method === 'POST' && path === '/v1/transfer-requirements')
      return [200, [{ type: 'transfer', fields: [{ name: 'Reference', group: [REFERENCE_FIELD] }] }]];
    if (req.method === 'POST' && path === '/v1/transfers') return this.create(req, raw);
    if (/^\/v1\/quotes\/[^/]+\/account-requirements$/.test(path)) return this.accountRequirements(req, raw);
    if (req.method === 'GET' && path.startsWith('/v1/transfers?')) return this.list(path);
    const transfer = this.transfers.get(Number((simulated ?? shown ?? funding)?.[1]));
    if (!transfer) return [404, { errors: [{ code: 'NOT_FOUND', path: 'transferId' }] }];
    if (req.method === 'POST' && funding) {
      const unapproved = this.unapproved(req);
      if (unapproved) return unapproved;
      transfer.status = 'processing';
      this.fundings.set(transfer.id, (this.fundings.get(transfer.id) ?? 0) + 1);
      return [200, { type: 'BALANCE', status: 'COMPLETED', errorCode: null }];
    }
    if (req.method === 'GET' && simulated) transfer.status = simulated[2] ?? transfer.status;
    return [200, this.objectOf(transfer)];
  }

  /**
   * `transferList` over the transfers put in the book: those created from `createdDateStart` to `createdDateEnd`
   * (instants, inclusive), newest first as Wise lists them, `limit` from `offset`.
   */
  private list(path: string): FakeAnswer {
    const query = new URL(path, 'http://fake').searchParams;
    const instant = (name: string) => {
      const value = query.get(name);
      return value === null ? null : Date.parse(value);
    };
    const [start, end] = [instant('createdDateStart'), instant('createdDateEnd')];
    // Wise writes a transfer's creation as `2026-12-01 10:00:00`, UTC.
    const createdAt = (t: BookedWiseTransfer) => Date.parse(`${t.created.replace(' ', 'T')}Z`);
    const found = this.booked
      .filter((t) => (start === null || createdAt(t) >= start) && (end === null || createdAt(t) <= end))
      .sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id);
    const offset = Number(query.get('offset') ?? 0);
    const shown = found.slice(offset, offset + Number(query.get('limit') ?? 100)).map((t) => ({
      id: t.id,
      user: 6000001,
      targetAccount: 40000001,
      sourceAccount: null,
      quoteUuid: '11144c35-9fe8-4c32-b7fd-d05c2a7734b1',
      status: t.status,
      reference: 'Payout',
      rate: 1,
      created: t.created,
      business: 16313153,
      details: { reference: 'Payout' },
      hasActiveIssues: false,
      sourceCurrency: t.sourceCurrency ?? 'USD',
      sourceValue: t.sourceValue,
      targetCurrency: t.targetCurrency ?? 'USD',
      targetValue: t.targetValue,
      ...(t.customerTransactionId === null ? {} : { customerTransactionId: t.customerTransactionId }),
    }));
    return [200, shown];
  }

  private quote(): FakeAnswer {
    if (this.failNextQuote) {
      this.failNextQuote = false;
      return [
        503,
        { errors: [{ code: 'SERVICE_UNAVAILABLE', message: 'Try again later', path: '', arguments: [] }] },
      ];
    }
    this.quotes += 1;
    return [
      200,
      { id: `11144c35-9fe8-4c32-b7fd-d05c2a7734b${this.quotes % 10}`, status: 'PENDING', rate: 1 },
    ];
  }

  /**
   * The `swift_code` requirements of the route (v1.1: the holder's name among them), as Wise answers
   * `GET`/`POST /v1/quotes/:id/account-requirements`: the country refreshes the form, and a US address asks for its
   * state among Wise's values.
   */
  private accountRequirements(req: IncomingMessage, raw: string): FakeAnswer {
    this.requirementsAsked += 1;
    const posted =
      req.method === 'POST' ? (JSON.parse(raw) as { details?: { address?: { country?: string } } }) : {};
    const us = posted.details?.address?.country === 'US';
    const field = (key: string, name: string, more: Record<string, unknown> = {}) => ({
      name,
      group: [
        {
          key,
          name,
          type: more.valuesAllowed ? 'select' : 'text',
          refreshRequirementsOnChange: false,
          required: true,
          displayFormat: null,
          example: '',
          minLength: null,
          maxLength: null,
          validationRegexp: null,
          validationAsync: null,
          valuesAllowed: null,
          ...more,
        },
      ],
    });
    const values = (...keys: string[]) => ({ valuesAllowed: keys.map((key) => ({ key, name: key })) });
    return [
      200,
      [
        {
          type: 'swift_code',
          title: 'SWIFT',
          usageInfo: null,
          fields: [
            field('legalType', 'Recipient type', values('PRIVATE', 'BUSINESS')),
            field('accountHolderName', 'Full Name', { minLength: 2, maxLength: 140 }),
            field('swiftCode', 'SWIFT / BIC code', {
              validationRegexp: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$',
            }),
            field('accountNumber', 'IBAN / Account number', { minLength: 4, maxLength: 34 }),
            field('address.country', 'Country', {
              ...values('DE', 'GB', 'US'),
              refreshRequirementsOnChange: true,
            }),
            ...(us ? [field('address.state', 'State', values('CA', 'NY', 'TX'))] : []),
            field('address.city', 'City'),
            field('address.firstLine', 'Address'),
            field('address.postCode', 'Post code'),
          ],
        },
      ],
    ];
  }

  /** A funding without a signed one-time token while SCA is required: 403 with a new token, as Wise answers. */
  private unapproved(req: IncomingMessage): FakeAnswer | null {
    if (!this.scaKey) return null;
    const token = header(req, 'x-2fa-approval');
    const signature = header(req, 'x-signature');
    if (
      token &&
      signature &&
      this.oneTimeTokens.includes(token) &&
      verify('sha256', Buffer.from(token), this.scaKey, Buffer.from(signature, 'base64'))
    ) {
      this.signedFundings += 1;
      return null;
    }
    const fresh = randomUUID();
    this.oneTimeTokens.push(fresh);
    return [403, {}, { 'x-2fa-approval': fresh, 'x-2fa-approval-result': 'REJECTED' }];
  }

  private create(req: IncomingMessage, raw: string): FakeAnswer {
    const body = JSON.parse(raw) as Record<string, unknown>;
    this.transferCreates.push({ authorization: header(req, 'authorization'), body });
    const key = String(body.customerTransactionId);
    const existing = [...this.transfers.values()].find((t) => t.customerTransactionId === key);
    if (existing) return [200, this.objectOf(existing)];
    const transfer = {
      id: 50000001 + this.transfers.size,
      customerTransactionId: key,
      status: 'incoming_payment_waiting',
    };
    this.transfers.set(transfer.id, transfer);
    return [200, this.objectOf(transfer)];
  }

  /** The transfers this fake made with `customerTransactionId`, and how often each was funded. */
  transfersWithKey(customerTransactionId: string): readonly { id: number; fundings: number }[] {
    return [...this.transfers.values()]
      .filter((t) => t.customerTransactionId === customerTransactionId)
      .map((t) => ({ id: t.id, fundings: this.fundings.get(t.id) ?? 0 }));
  }

  private objectOf(transfer: Transfer): object {
    return {
      id: transfer.id,
      targetAccount: 40000001,
      quoteUuid: '11144c35-9fe8-4c32-b7fd-d05c2a7734b1',
      customerTransactionId: transfer.customerTransactionId,
      status: transfer.status,
      sourceCurrency: 'USD',
      targetCurrency: 'USD',
      created: '2026-01-15 12:00:00',
    };
  }
}

/** Every route takes a reference; Wise names its longest length per route. */
const REFERENCE_FIELD = {
  key: 'reference',
  name: 'Transfer reference',
  type: 'text',
  required: false,
  refreshRequirementsOnChange: false,
  maxLength: 35,
  valuesAllowed: null,
};
