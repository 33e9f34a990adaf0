import type { LinkKind } from '@payout/domain';
import { createPayoutApi, type PayoutApi } from '../client/payout-api.client.js';
import type { operations } from '../client/payout-api.generated.js';
import type { HttpHarness } from './http-harness.js';
import { LINK_BODIES } from './link-bodies.fixture.js';

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field by the suite.
  readonly json: any;
}

export interface RequestOptions {
  readonly token?: string;
  readonly body?: unknown;
  readonly rawBody?: string | Uint8Array;
  readonly headers?: Record<string, string>;
}

type TokenRequest = operations['issueApplicationToken']['requestBody']['content']['application/json'];

export interface SeededMerchant {
  readonly id: string;
  readonly walletId: string;
  readonly token: string;
}

export interface SeededEntity {
  readonly id: string;
  readonly merchantId: string;
  readonly walletId: string;
  readonly token: string;
}

/** The data of a 2xx answer of the generated client; anything else fails the seeding step that asked. */
function seeded<T>(what: string, answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined)
    throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

/**
 * Talks to the app under test and seeds data through the operator API only, so any wiring can run it: seeding
 * goes through the client generated from the OpenAPI document, `request` sends anything at all (hostile input).
 */
export class ApiClient {
  private counter = 0;
  private readonly operatorApi: PayoutApi;

  constructor(readonly harness: HttpHarness) {
    this.operatorApi = createPayoutApi({ baseUrl: harness.baseUrl, token: this.operatorToken() });
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Uint8Array | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.harness.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { unparsed: text };
    }
    return { status: response.status, headers: response.headers, json };
  }

  operatorToken(subject = 'suite-operator'): string {
    return this.harness.mintToken({ sub: subject, scope: 'operator' });
  }

  async merchant(
    settings: { payoutsEnabled?: boolean; approvalThreshold?: string } = {},
  ): Promise<SeededMerchant> {
    this.counter += 1;
    const api = this.operatorApi;
    const created = seeded(
      'create merchant',
      await api.POST('/v1/operator/merchants', { body: { name: `Suite merchant ${this.counter}` } }),
    );
    const { id, wallet } = created.data;
    if (Object.keys(settings).length > 0)
      seeded(
        'update merchant',
        await api.PATCH('/v1/operator/merchants/{merchantId}', {
          params: { path: { merchantId: id } },
          body: settings,
        }),
      );
    const token = this.harness.mintToken({ sub: `merchant-${id}`, scope: 'merchant.apis', merchant_id: id });
    return { id, walletId: wallet.id, token };
  }

  async entity(merchant: SeededMerchant, balance = '1000.00'): Promise<SeededEntity> {
    this.counter += 1;
    const created = seeded(
      'create entity',
      await this.operatorApi.POST('/v1/operator/merchants/{merchantId}/entities', {
        params: { path: { merchantId: merchant.id } },
        body: {
          entityType: 'USER',
          email: `user${this.counter}@example.com`,
          externalIdentifier: `suite-${this.counter}`,
        },
      }),
    );
    const { id, wallet } = created.data;
    if (Number(balance) > 0) await this.credit(wallet.id, balance);
    const token = this.harness.mintToken({
      sub: `user-${id}`,
      scope: 'external.apis',
      merchant_id: merchant.id,
      entity_id: id,
    });
    return { id, merchantId: merchant.id, walletId: wallet.id, token };
  }

  /** A wallet's balance, read through the operator API. */
  async balance(walletId: string): Promise<string> {
    const read = await this.operatorApi.GET('/v1/wallets/{walletId}', { params: { path: { walletId } } });
    return seeded('read wallet', read).data.balance;
  }

  async credit(walletId: string, amount: string): Promise<void> {
    seeded(
      'credit wallet',
      await this.operatorApi.POST('/v1/operator/wallets/{walletId}/credits', {
        params: { path: { walletId } },
        body: { amount },
      }),
    );
  }

  async applicationToken(entityId: string, extra: Partial<TokenRequest> = {}): Promise<string> {
    const issued = await this.operatorApi.POST('/v1/operator/application-tokens', {
      body: { entityId, purpose: 'ACCOUNT_LINK', ...extra },
    });
    return seeded('issue application token', issued).data.token;
  }

  /** A merchant-funded payment link for `amount`: its application token and a bank account linked with it. */
  async paymentLink(entity: SeededEntity, amount: string): Promise<{ appToken: string; accountId: string }> {
    const appToken = await this.applicationToken(entity.id, {
      purpose: 'PAYMENT_LINK',
      withdrawalSource: 'MERCHANT_WALLET',
      amount,
    });
    return { appToken, accountId: await this.link(entity, 'bank', appToken) };
  }

  linkRequest(
    entity: SeededEntity,
    kind: LinkKind,
    appToken: string,
    body: unknown = LINK_BODIES[kind],
    step = '1',
  ) {
    return this.request(
      'POST',
      `/v1/ext/application-token/${appToken}/linked-accounts/USD/link/${kind}/${step}`,
      {
        token: entity.token,
        body,
      },
    );
  }

  /** Links an account of `kind` and returns its id. */
  async link(entity: SeededEntity, kind: LinkKind, appToken?: string): Promise<string> {
    const response = await this.linkRequest(
      entity,
      kind,
      appToken ?? (await this.applicationToken(entity.id)),
    );
    if (response.status !== 200)
      throw new Error(`link ${kind}: ${response.status} ${JSON.stringify(response.json)}`);
    return response.json.data?.data?.id ?? response.json.data?.id;
  }

  withdraw(entity: SeededEntity, accountId: string, body: unknown, currency = 'USD', token = entity.token) {
    return this.request('POST', `/v1/ext/linked-accounts/${currency}/${accountId}/withdrawal`, {
      token,
      body,
    });
  }

  /** A funded entity with one linked account of `kind`, ready for a single withdrawal. */
  async payer(kind: LinkKind = 'bank', balance = '1000.00', merchant?: SeededMerchant) {
    const owner = merchant ?? (await this.merchant());
    const entity = await this.entity(owner, balance);
    const accountId = await this.link(entity, kind);
    return { merchant: owner, entity, accountId };
  }
}
