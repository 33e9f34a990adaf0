// Every HTTP call the sandbox and trigger tools make, through the client generated from the OpenAPI document
// (`createPayoutApi`): paths, parameters and bodies are the document's, so a renamed route breaks here first.
import { bearer, createPayoutApi } from '@payout/adapters-http/client';

/** The service is not there: names the URL tried, instead of fetch's bare "fetch failed". */
export class ServiceUnreachable extends Error {
  constructor(url, cause) {
    const reason = cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? 'no answer';
    super(
      `no service answered at ${url} (${reason}). Start it with \`npm start\`, or point BASE_URL at where it runs.`,
    );
    this.url = url;
  }
}

/** An answer outside 2xx, except the ones an operation expects and returns (a rail's rejection, 500). */
export class ApiRefused extends Error {
  constructor(method, url, status, body) {
    super(`${method} ${url} → ${status} ${JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
  }
}

export function payoutApi(baseUrl) {
  const client = createPayoutApi({ baseUrl });

  /** One operation of the generated client: `{status, body}`, or ServiceUnreachable, or ApiRefused. */
  async function call(method, path, { token, params, body, expect = [] } = {}) {
    let answer;
    try {
      answer = await client[method](path, {
        params,
        body,
        headers: token ? bearer(token) : {},
      });
    } catch (error) {
      throw new ServiceUnreachable(`${baseUrl}${path}`, error);
    }
    const { data, error, response } = answer;
    const json = data ?? error ?? {};
    if (!response.ok && !expect.includes(response.status))
      throw new ApiRefused(method, response.url, response.status, json);
    return { status: response.status, body: json };
  }
  const data = async (answer) => (await answer).body.data;
  const merchant = (merchantId) => ({ path: { merchantId } });

  return {
    /** One page of the operator's merchant list, newest first: `{data, hasMore, nextCursor}`. */
    merchants: async (operator, query) =>
      (await call('GET', '/v1/operator/merchants', { token: operator, params: { query } })).body,
    merchant: (operator, merchantId) =>
      data(
        call('GET', '/v1/operator/merchants/{merchantId}', { token: operator, params: merchant(merchantId) }),
      ),
    createMerchant: (operator, body) =>
      data(call('POST', '/v1/operator/merchants', { token: operator, body })),
    setWebhookEndpoint: (operator, merchantId, body) =>
      data(
        call('PUT', '/v1/operator/merchants/{merchantId}/webhook-endpoint', {
          token: operator,
          params: merchant(merchantId),
          body,
        }),
      ),
    createEntity: (operator, merchantId, body) =>
      data(
        call('POST', '/v1/operator/merchants/{merchantId}/entities', {
          token: operator,
          params: merchant(merchantId),
          body,
        }),
      ),
    creditWallet: (operator, walletId, body) =>
      data(
        call('POST', '/v1/operator/wallets/{walletId}/credits', {
          token: operator,
          params: { path: { walletId } },
          body,
        }),
      ),
    issueApplicationToken: (operator, body) =>
      data(call('POST', '/v1/operator/application-tokens', { token: operator, body })),
    /** The new linked account's id. Each kind is its own operation in the document (its body differs). */
    linkAccount: async (entityToken, applicationToken, kind, body) => {
      const path = `/v1/ext/application-token/{token}/linked-accounts/{currency}/link/${kind}/{step}`;
      const params = { path: { token: applicationToken, currency: 'USD', step: '1' } };
      const linked = await data(call('POST', path, { token: entityToken, params, body }));
      return linked?.data?.id ?? linked?.id;
    },
    /** The whole answer, status included: a rail's rejection (500) is an outcome, not a fault. */
    withdraw: (entityToken, linkedAccountId, body) =>
      call('POST', '/v1/ext/linked-accounts/{currency}/{linkedAccountId}/withdrawal', {
        token: entityToken,
        params: { path: { currency: 'USD', linkedAccountId } },
        body,
        expect: [500],
      }),
    transaction: (token, transactionId) =>
      data(call('GET', '/v1/transactions/{transactionId}', { token, params: { path: { transactionId } } })),
  };
}
