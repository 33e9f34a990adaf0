// The few operator and link calls the bench makes through the public API before it clones rows in SQL.
import { LINK_BODIES } from '../../sandbox/sandbox.mjs';
import { mintToken } from '../../token/mint-token.mjs';

const TOKEN_TTL_SECONDS = 6 * 3600;

async function call(baseUrl, method, path, body, token) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

export const merchantToken = (merchantId) =>
  mintToken({
    merchant: merchantId,
    scope: 'merchant.apis',
    sub: `bench-merchant-${merchantId}`,
    ttl: TOKEN_TTL_SECONDS,
  });

export const entityToken = (merchantId, entityId) =>
  mintToken({ merchant: merchantId, entity: entityId, scope: 'external.apis', ttl: TOKEN_TTL_SECONDS });

/**
 * A merchant with its webhook endpoint, and one funded entity with a linked US bank account: the template the
 * bench clones. Everything goes through the API so the rows are exactly what the service writes.
 */
export async function createTemplate(baseUrl, { webhookUrl, funds }) {
  const operator = mintToken({ scope: 'operator', sub: 'bench-operator', ttl: TOKEN_TTL_SECONDS });
  const merchant = await call(
    baseUrl,
    'POST',
    '/v1/operator/merchants',
    { name: 'Bench Merchant' },
    operator,
  );
  const endpoint = await call(
    baseUrl,
    'PUT',
    `/v1/operator/merchants/${merchant.id}/webhook-endpoint`,
    { url: webhookUrl },
    operator,
  );
  const entity = await call(
    baseUrl,
    'POST',
    `/v1/operator/merchants/${merchant.id}/entities`,
    { entityType: 'USER', email: 'bench-template@example.com', externalIdentifier: 'bench-template' },
    operator,
  );
  await call(
    baseUrl,
    'POST',
    `/v1/operator/wallets/${entity.wallet.id}/credits`,
    { amount: funds, reason: 'bench funding' },
    operator,
  );
  const { token } = await call(
    baseUrl,
    'POST',
    '/v1/operator/application-tokens',
    { entityId: entity.id, purpose: 'ACCOUNT_LINK', expiresInSeconds: TOKEN_TTL_SECONDS },
    operator,
  );
  const linked = await call(
    baseUrl,
    'POST',
    `/v1/ext/application-token/${token}/linked-accounts/USD/link/bank/1`,
    LINK_BODIES.bank,
    entityToken(merchant.id, entity.id),
  );
  return {
    merchantId: merchant.id,
    webhookSecret: endpoint.secret,
    entityId: entity.id,
    walletId: entity.wallet.id,
    linkedAccountId: linked?.data?.id ?? linked?.id,
  };
}
