import type { TransactionView, WebhookBody } from '@payout/domain';

export interface ApiAnswer<T> {
  readonly status: number;
  readonly body: T;
}

export interface WithdrawalAnswer {
  readonly success: boolean;
  readonly message: string;
  readonly data?: {
    readonly id: string;
    readonly status: string;
    readonly fees: string;
    readonly amount: string;
  };
}

export interface DeliveryAttempt {
  readonly attempt: number;
  readonly statusCode: number | null;
  readonly succeeded: boolean;
}

export interface DeliveryView {
  readonly eventId: string;
  readonly sequence: number;
  readonly deliveryState: string;
  readonly attempts: readonly DeliveryAttempt[];
}

/** The public HTTP API of a running service, as a merchant's back end calls it. */
export class PayoutApiClient {
  constructor(readonly baseUrl: string) {}

  withdraw(
    accessToken: string,
    linkedAccountId: string,
    body: Readonly<Record<string, unknown>>,
  ): Promise<ApiAnswer<WithdrawalAnswer>> {
    return this.call('POST', `/v1/ext/linked-accounts/USD/${linkedAccountId}/withdrawal`, accessToken, body);
  }

  async transaction(accessToken: string, id: string): Promise<TransactionView> {
    return this.data(await this.call('GET', `/v1/transactions/${id}`, accessToken));
  }

  async webhookPayload(merchantToken: string, id: string): Promise<WebhookBody> {
    return this.data(await this.call('GET', `/v1/transactions/${id}/webhook-payload`, merchantToken));
  }

  async deliveries(operatorToken: string, transactionId: string): Promise<DeliveryView[]> {
    const path = `/v1/operator/webhook-deliveries?transactionId=${transactionId}`;
    return this.data(await this.call('GET', path, operatorToken));
  }

  private data<T>(answer: ApiAnswer<unknown>): T {
    if (answer.status !== 200)
      throw new Error(`expected 200, got ${answer.status}: ${JSON.stringify(answer.body)}`);
    return (answer.body as { data: T }).data;
  }

  private async call<T>(method: string, path: string, token: string, body?: unknown): Promise<ApiAnswer<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  }
}
