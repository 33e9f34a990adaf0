import type { LinkKind } from '@payout/domain';
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

/** Talks to the app under test and seeds data through the operator API only, so any wiring can run it. */
export class ApiClient {
  private counter = 0;

  constructor(readonly harness: HttpHarness) {}

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

  private async operator(method: string, path: string, body: unknown): Promise<ApiResponse> {
    const response = await this.request(method, path, { token: this.operatorToken(), body });
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.json)}`);
    return response;
  }

  async merchant(
    settings: { payoutsEnabled?: boolean; approvalThreshold?: string } = {},
  ): Promise<SeededMerchant> {
    this.counter += 1;
    const created = await this.operator('POST', '/v1/operator/merchants', {
      name: `Suite merchant ${this.counter}`,
    });
    const { id, wallet } = created.json.data;
    if (Object.keys(settings).length > 0)
      await this.operator('PATCH', `/v1/operator/merchants/${id}`, settings);
    const token = this.harness.mintToken({ sub: `merchant-${id}`, scope: 'merchant.apis', merchant_id: id });
    return { id, walletId: wallet.id, token };
  }

  async entity(merchant: SeededMerchant, balance = '1000.00'): Promise<SeededEntity> {
    this.counter += 1;
    const created = await this.operator('POST', `/v1/operator/merchants/${merchant.id}/entities`, {
      entityType: 'USER',
      email: `user${this.counter}@example.com`,
      externalIdentifier: `suite-${this.counter}`,
    });
    const { id, wallet } = created.json.data;
    if (Number(balance) > 0)
      await this.operator('POST', `/v1/operator/wallets/${wallet.id}/credits`, { amount: balance });
    const token = this.harness.mintToken({
      sub: `user-${id}`,
      scope: 'external.apis',
      merchant_id: merchant.id,
      entity_id: id,
    });
    return { id, merchantId: merchant.id, walletId: wallet.id, token };
  }

  /** A wallet's balance, read through the operator API (an empty PATCH changes nothing). */
  async balance(walletId: string): Promise<string> {
    return (await this.operator('PATCH', `/v1/operator/wallets/${walletId}`, {})).json.data.balance;
  }

  async credit(walletId: string, amount: string): Promise<void> {
    await this.operator('POST', `/v1/operator/wallets/${walletId}/credits`, { amount });
  }

  async applicationToken(entityId: string, extra: Record<string, unknown> = {}): Promise<string> {
    const issued = await this.operator('POST', '/v1/operator/application-tokens', {
      entityId,
      purpose: 'ACCOUNT_LINK',
      ...extra,
    });
    return issued.json.data.token;
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
