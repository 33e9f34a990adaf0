import {
  bearer,
  type components,
  createPayoutApi,
  type operations,
  type PayoutApi,
} from '@payout/adapters-http/client';

type Schemas = components['schemas'];

export interface ApiAnswer<T> {
  readonly status: number;
  readonly body: T;
}

/** A withdrawal's answer: the receipt (`data`) on success, the error envelope otherwise. */
export type WithdrawalAnswer = Pick<Schemas['WithdrawalReceipt'], 'message'> & {
  readonly success: boolean;
  readonly data?: Schemas['WithdrawalReceipt']['data'];
};

export type DeliveryAttempt = Schemas['Delivery']['attempts'][number];

type WithdrawalRequest = operations['createWithdrawal']['requestBody']['content']['application/json'];

/** The public HTTP API of a running service as a merchant's back end calls it, through the generated client. */
export class PayoutApiClient {
  private readonly api: PayoutApi;

  constructor(readonly baseUrl: string) {
    this.api = createPayoutApi({ baseUrl });
  }

  async withdraw(
    accessToken: string,
    linkedAccountId: string,
    body: Readonly<Record<string, unknown>>,
  ): Promise<ApiAnswer<WithdrawalAnswer>> {
    const { data, error, response } = await this.api.POST(
      '/v1/ext/linked-accounts/{currency}/{linkedAccountId}/withdrawal',
      {
        params: { path: { currency: 'USD', linkedAccountId } },
        // The cases hand over bodies as data (cents triggers, routing types); the service is what checks them.
        body: body as WithdrawalRequest,
        headers: bearer(accessToken),
      },
    );
    return { status: response.status, body: (data ?? error) as WithdrawalAnswer };
  }

  async transaction(accessToken: string, id: string): Promise<Schemas['Transaction']> {
    const answer = await this.api.GET('/v1/transactions/{transactionId}', {
      params: { path: { transactionId: id } },
      headers: bearer(accessToken),
    });
    return this.data(answer);
  }

  async webhookPayload(merchantToken: string, id: string): Promise<Schemas['WebhookBody']> {
    const answer = await this.api.GET('/v1/transactions/{transactionId}/webhook-payload', {
      params: { path: { transactionId: id } },
      headers: bearer(merchantToken),
    });
    return this.data(answer);
  }

  async deliveries(operatorToken: string, transactionId: string): Promise<Schemas['Delivery'][]> {
    const answer = await this.api.GET('/v1/operator/webhook-deliveries', {
      params: { query: { transactionId } },
      headers: bearer(operatorToken),
    });
    return this.data(answer);
  }

  private data<T>(answer: { data?: { data: T }; error?: unknown; response: Response }): T {
    if (answer.response.status !== 200 || !answer.data)
      throw new Error(`expected 200, got ${answer.response.status}: ${JSON.stringify(answer.error)}`);
    return answer.data.data;
  }
}
