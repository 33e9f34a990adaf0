// Every HTTP call the sandbox and trigger tools make, in one place, one function per API operation: the one module
// to replace by a client generated from the OpenAPI document.

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
  async function call(method, path, { token, body, expect = [] } = {}) {
    const url = `${baseUrl}${path}`;
    let response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ServiceUnreachable(url, error);
    }
    const json = await response.json().catch(() => ({}));
    if (!response.ok && !expect.includes(response.status))
      throw new ApiRefused(method, url, response.status, json);
    return { status: response.status, body: json };
  }
  const data = async (answer) => (await answer).body.data;

  return {
    createMerchant: (operator, body) =>
      data(call('POST', '/v1/operator/merchants', { token: operator, body })),
    setWebhookEndpoint: (operator, merchantId, body) =>
      data(call('PUT', `/v1/operator/merchants/${merchantId}/webhook-endpoint`, { token: operator, body })),
    createEntity: (operator, merchantId, body) =>
      data(call('POST', `/v1/operator/merchants/${merchantId}/entities`, { token: operator, body })),
    creditWallet: (operator, walletId, body) =>
      data(call('POST', `/v1/operator/wallets/${walletId}/credits`, { token: operator, body })),
    issueApplicationToken: (operator, body) =>
      data(call('POST', '/v1/operator/application-tokens', { token: operator, body })),
    /** The new linked account's id. */
    linkAccount: async (entityToken, applicationToken, kind, body) => {
      const path = `/v1/ext/application-token/${applicationToken}/linked-accounts/USD/link/${kind}/1`;
      const linked = await data(call('POST', path, { token: entityToken, body }));
      return linked?.data?.id ?? linked?.id;
    },
    /** The whole answer, status included: a rail's rejection (500) is an outcome, not a fault. */
    withdraw: (entityToken, linkedAccountId, body) =>
      call('POST', `/v1/ext/linked-accounts/USD/${linkedAccountId}/withdrawal`, {
        token: entityToken,
        body,
        expect: [500],
      }),
    transaction: (token, transactionId) => data(call('GET', `/v1/transactions/${transactionId}`, { token })),
  };
}
