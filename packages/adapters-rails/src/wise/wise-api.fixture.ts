import { generateKeyPairSync, type KeyObject, randomUUID, verify } from 'node:crypto';
import { type Clock, Money, type RailStepStore, type RailSubmission } from '@payout/domain';
import { InMemoryRailStepStore, ManualClock } from '@payout/domain/testing';
import nock from 'nock';
import { globalFetch } from '../http/fetch-transport.js';
import { standsInFor } from '../testing/definitions/checked-fetch.js';
import { WiseTransferRail, type WiseTransferRailOptions } from './wise-transfers.rail.js';

/**
 * A scripted Wise Platform for the Wise suites, in the documented shapes of its API (docs.wise.com/api-reference):
 * - quote: `POST /v3/profiles/{profileId}/quotes` answers a quote whose `id` is a UUID (api-reference/quote);
 * - recipient account: `POST /v1/accounts` answers the account with a numeric `id` (api-reference/recipient);
 * - transfer: `POST /v1/transfers` with `targetAccount`, `quoteUuid`, `customerTransactionId` answers the standard
 *   transfer resource (`id`, `status`, `customerTransactionId` …); "subsequent retry messages [with the same
 *   customerTransactionId] are treated as repeat messages and will not create duplicate transfers"
 *   (api-reference/transfer, "Avoiding duplicate transfers"); `GET /v1/transfers/{id}` shows it;
 * - funding: `POST /v3/profiles/{profileId}/transfers/{transferId}/payments` `{type: "BALANCE"}` answers
 *   `{type, status: "COMPLETED" | "REJECTED", errorCode}`, e.g. `transfer.insufficient_funds`;
 * - statuses (guides, "Tracking transfers"): incoming_payment_waiting, processing, funds_converted,
 *   outgoing_payment_sent, bounced_back, funds_refunded, cancelled, charged_back;
 * - transfer requirements: `POST /v1/transfer-requirements` answers the route's fields in groups (`key`,
 *   `required`, `valuesAllowed`, `refreshRequirementsOnChange`);
 * - SCA (guides, "Strong Customer Authentication"): a protected funding answers 403 with a one-time token in
 *   `x-2fa-approval`; the call made again with the token and its RSA-SHA256 signature in `X-Signature` goes through;
 * - errors (guides/developer/errors): `{errors: [{code, message, path, arguments}]}` with 422 for validation.
 */
export const BASE_URL = 'https://api.wise-sandbox.com';
standsInFor(BASE_URL, 'wise');
export const API_TOKEN = 'wise-sandbox-token-do-not-log';
export const PROFILE_ID = '16313153';
export const IBAN = 'DE89370400440532013000';
export const WITHDRAWAL_ID = '0b6f8d5e-4c1a-4f7e-9d3b-2a5c6e7f8a90';

export const submission = (overrides: Partial<RailSubmission> = {}): RailSubmission => ({
  withdrawalId: WITHDRAWAL_ID,
  attempt: 1,
  requestedAt: new Date('2026-01-15T12:00:00Z'),
  amount: Money.of('1234.56'),
  currency: 'USD',
  destination: {
    kind: 'international_bank',
    details: {
      recipientType: 'personal',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      accountNumber: IBAN,
      swiftOrBic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
      recipientAddress: 'Kurfürstendamm 1',
      recipientCity: 'Berlin',
      recipientState: '',
      recipientCountry: 'DE',
      recipientPostalCode: '10719',
    },
  },
  description: 'Payout 0b6f8d5e',
  ...overrides,
});

/** The rail under test with the fixture's credentials, against `wise` (or the real network when null). */
export const wiseRail = (
  wise: ScriptedWise | null,
  options: {
    clock?: Clock;
    baseUrl?: string;
    timeoutMs?: number;
    steps?: RailStepStore;
  } & Pick<WiseTransferRailOptions, 'scaPrivateKey' | 'transferDetails'> = {},
): WiseTransferRail =>
  new WiseTransferRail({
    apiToken: API_TOKEN,
    profileId: PROFILE_ID,
    baseUrl: options.baseUrl ?? BASE_URL,
    clock: options.clock ?? new ManualClock(),
    timeoutMs: options.timeoutMs ?? 2000,
    steps: options.steps ?? new InMemoryRailStepStore(),
    ...(options.scaPrivateKey ? { scaPrivateKey: options.scaPrivateKey } : {}),
    ...(options.transferDetails ? { transferDetails: options.transferDetails } : {}),
    ...(wise ? { fetch: wise.fetch } : {}),
  });

/** A key pair as a Wise user makes one for SCA: the private half configured, the public half uploaded to Wise. */
export function scaKeyPair(): { privatePem: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey };
}

/** A requirement field of Wise's transfer-requirements answer. */
export const requirementField = (
  key: string,
  options: { required?: boolean; values?: string[]; refresh?: boolean; maxLength?: number } = {},
) => ({
  key,
  name: key,
  type: options.values ? 'select' : 'text',
  required: options.required ?? true,
  refreshRequirementsOnChange: options.refresh ?? false,
  maxLength: options.maxLength ?? null,
  valuesAllowed: options.values ? options.values.map((value) => ({ key: value, name: value })) : null,
});

export type WiseStatus =
  | 'incoming_payment_waiting'
  | 'processing'
  | 'funds_converted'
  | 'outgoing_payment_sent'
  | 'bounced_back'
  | 'funds_refunded'
  | 'cancelled'
  | 'charged_back';

/** The calls a fault or a lost answer can be aimed at. */
export type ScriptedStep = 'quote' | 'recipient' | 'requirements' | 'transfer' | 'funding';

export interface ScriptedReply {
  readonly status: number;
  readonly body: object;
  readonly headers?: Record<string, string>;
}

export const validationError = (code: string, path: string) => ({
  errors: [{ code, message: `${path} is not valid: DE89370400440532013000`, path, arguments: [path, IBAN] }],
});

interface HeldTransfer {
  readonly id: number;
  readonly key: string;
  readonly quoteUuid: string;
  readonly targetAccount: number;
  status: WiseStatus;
  fundings: number;
}

const STEPS: Readonly<Record<string, ScriptedStep>> = {
  '/v1/accounts': 'recipient',
  '/v1/transfer-requirements': 'requirements',
  '/v1/transfers': 'transfer',
};
const STEP_OF = (pathname: string): ScriptedStep =>
  pathname.endsWith('/quotes') ? 'quote' : (STEPS[pathname] ?? 'funding');

/**
 * Wise's send-money endpoints for one profile, scripted with nock: quotes and recipient accounts are made anew
 * on every call, a transfer once per `customerTransactionId` (a repeat answers it in its current status), a
 * funding moves it to `processing`. Faults are queued per step; `fetch` loses the answer of a call Wise did make.
 */
export class ScriptedWise {
  private readonly transfers = new Map<string, HeldTransfer>();
  private readonly faults = new Map<ScriptedStep, ScriptedReply[]>();
  private readonly lost = new Map<ScriptedStep, number>();
  /** Every POST's raw body, in order, with its step. */
  readonly requests: { step: ScriptedStep; raw: string }[] = [];
  quotes = 0;
  recipients = 0;
  /**
   * What `POST /v1/transfer-requirements` answers, given the details asked about: by default the reference alone,
   * which every route takes.
   */
  requirements: (details: Record<string, string>) => object[] = () => [
    {
      type: 'transfer',
      fields: [{ name: 'Transfer reference', group: [requirementField('reference', { required: false })] }],
    },
  ];
  /** Set: funding is SCA protected, approved by a one-time token signed with this key's private half. */
  scaPublicKey: KeyObject | null = null;
  /** Every one-time token handed out, and each signed funding's headers. */
  readonly oneTimeTokens: string[] = [];

  constructor() {
    nock(BASE_URL)
      .persist()
      .post(() => true)
      .reply(async (request: Request) => this.post(request));
    nock(BASE_URL)
      .persist()
      .get(/^\/v1\/transfers\/[^/]+$/)
      .reply(async (request: Request) => this.show(request));
  }

  /** Transfers Wise holds: at most one per customerTransactionId. */
  get created(): number {
    return this.transfers.size;
  }

  /** How many times the transfer made for `key` was funded. */
  fundings(key: string): number {
    return this.transfers.get(key)?.fundings ?? 0;
  }

  failNext(step: ScriptedStep, reply: ScriptedReply): void {
    this.faults.set(step, [...(this.faults.get(step) ?? []), reply]);
  }

  loseNextAnswer(step: ScriptedStep): void {
    this.lost.set(step, (this.lost.get(step) ?? 0) + 1);
  }

  /** Moves the transfer made for `key` to `status`, as Wise and the banks would. */
  move(key: string, status: WiseStatus): void {
    const transfer = this.transfers.get(key);
    if (!transfer) throw new Error(`no transfer for ${key}`);
    transfer.status = status;
  }

  readonly fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const response = await globalFetch(input, init);
    const step = STEP_OF(new URL(input).pathname);
    const lose = this.lost.get(step) ?? 0;
    if (init.method !== 'POST' || lose === 0) return response;
    this.lost.set(step, lose - 1);
    await response.text();
    throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  };

  private async post(request: Request): Promise<nock.ReplyFnResult> {
    if (request.headers.get('authorization') !== `Bearer ${API_TOKEN}`)
      return [401, { error: 'invalid_token', error_description: 'Invalid token' }];
    const { pathname } = new URL(request.url);
    const step = STEP_OF(pathname);
    const raw = await request.text();
    this.requests.push({ step, raw });
    const fault = this.faults.get(step)?.shift();
    if (fault) return [fault.status, fault.body, fault.headers ?? {}];
    const body = JSON.parse(raw) as Record<string, unknown>;
    switch (step) {
      case 'quote':
        if (pathname !== `/v3/profiles/${PROFILE_ID}/quotes`)
          return [404, { errors: [{ code: 'NOT_FOUND' }] }];
        this.quotes += 1;
        return [200, quoteObject(this.quotes, body)];
      case 'recipient':
        this.recipients += 1;
        return [200, { id: 40000000 + this.recipients, profile: Number(PROFILE_ID), ...body }];
      case 'requirements':
        return [200, this.requirements((body.details ?? {}) as Record<string, string>)];
      case 'transfer':
        return [200, this.transfer(body)];
      case 'funding':
        return this.fund(pathname, request.headers);
    }
  }

  private transfer(body: Record<string, unknown>): object {
    const key = String(body.customerTransactionId);
    const held = this.transfers.get(key) ?? {
      id: 50000000 + this.transfers.size + 1,
      key,
      quoteUuid: String(body.quoteUuid),
      targetAccount: Number(body.targetAccount),
      status: 'incoming_payment_waiting' as const,
      fundings: 0,
    };
    this.transfers.set(key, held);
    return transferObject(held);
  }

  /** A protected funding without a signed one-time token: 403 with a new token, as Wise answers it. */
  private unapproved(headers: Headers): nock.ReplyFnResult | null {
    if (!this.scaPublicKey) return null;
    const token = headers.get('x-2fa-approval');
    const signature = headers.get('x-signature');
    const signed =
      token !== null &&
      signature !== null &&
      this.oneTimeTokens.includes(token) &&
      verify('sha256', Buffer.from(token), this.scaPublicKey, Buffer.from(signature, 'base64'));
    if (signed) return null;
    const fresh = randomUUID();
    this.oneTimeTokens.push(fresh);
    return [403, {}, { 'x-2fa-approval': fresh, 'x-2fa-approval-result': 'REJECTED' }];
  }

  private fund(pathname: string, headers: Headers): nock.ReplyFnResult {
    const refused = this.unapproved(headers);
    if (refused) return refused;
    const match = new RegExp(`^/v3/profiles/${PROFILE_ID}/transfers/(\\d+)/payments$`).exec(pathname);
    const held = [...this.transfers.values()].find((t) => String(t.id) === match?.[1]);
    if (!held) return [404, { errors: [{ code: 'NOT_FOUND', path: 'transferId' }] }];
    held.fundings += 1;
    if (held.status === 'incoming_payment_waiting') held.status = 'processing';
    return [200, { type: 'BALANCE', status: 'COMPLETED', errorCode: null }];
  }

  private show(request: Request): nock.ReplyFnResult {
    if (request.headers.get('authorization') !== `Bearer ${API_TOKEN}`)
      return [401, { error: 'invalid_token', error_description: 'Invalid token' }];
    const id = new URL(request.url).pathname.split('/').at(-1);
    const held = [...this.transfers.values()].find((t) => String(t.id) === id);
    return held
      ? [200, transferObject(held)]
      : [404, { errors: [{ code: 'NOT_FOUND', message: 'Transfer not found', path: 'transferId' }] }];
  }
}

function quoteObject(n: number, body: Record<string, unknown>): object {
  return {
    id: `11144c35-9fe8-4c32-b7fd-d05c2a7734b${n % 10}`,
    sourceCurrency: body.sourceCurrency,
    targetCurrency: body.targetCurrency,
    sourceAmount: body.sourceAmount ?? null,
    targetAmount: body.targetAmount ?? null,
    payOut: 'BANK_TRANSFER',
    rate: 1,
    status: 'PENDING',
    expirationTime: '2026-01-15T12:30:00Z',
    profile: Number(PROFILE_ID),
  };
}

function transferObject(held: HeldTransfer): object {
  return {
    id: held.id,
    user: 4342275,
    targetAccount: held.targetAccount,
    sourceAccount: null,
    quote: null,
    quoteUuid: held.quoteUuid,
    status: held.status,
    reference: '',
    rate: 1,
    created: '2026-01-15 12:00:00',
    business: Number(PROFILE_ID),
    transferRequest: null,
    details: { reference: 'Payout' },
    hasActiveIssues: false,
    sourceCurrency: 'USD',
    sourceValue: 1240.97,
    targetCurrency: 'USD',
    targetValue: 1234.56,
    customerTransactionId: held.key,
  };
}
