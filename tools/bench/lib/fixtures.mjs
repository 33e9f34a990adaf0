// The bench's merchant and entities, made through the operator and public APIs as an operator and a merchant's
// users make them, so that their ids, rows and statistics are the service's own.
import { LINK_BODIES } from '../../sandbox/sandbox.mjs';
import { mintToken } from '../../token/mint-token.mjs';

const TOKEN_TTL_SECONDS = 6 * 3600;
/** The withdrawal rate limit's window (60 s, fixed from an entity's first request) and a margin. */
export const REUSE_AFTER_MS = 61_000;
const FUNDS = '1000.00';

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

const operatorToken = () => mintToken({ scope: 'operator', sub: 'bench-operator', ttl: TOKEN_TTL_SECONDS });

export const merchantToken = (merchantId) =>
  mintToken({
    merchant: merchantId,
    scope: 'merchant.apis',
    sub: `bench-${merchantId}`,
    ttl: TOKEN_TTL_SECONDS,
  });

const entityToken = (merchantId, entityId) =>
  mintToken({ merchant: merchantId, entity: entityId, scope: 'external.apis', ttl: TOKEN_TTL_SECONDS });

/** The bench's withdrawal: USD 25.00 from the entity's SPEND wallet to its linked bank account. */
export const WITHDRAWAL_BODY = JSON.stringify({ amount: 25, walletType: 'SPEND' });

/** The request that creates one withdrawal of `entity` (one of EntityPool's), as the load tool sends it. */
export const withdrawalRequest = (entity) => ({
  method: 'POST',
  path: `/v1/ext/linked-accounts/USD/${entity.linkedAccountId}/withdrawal`,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${entity.token}` },
  body: WITHDRAWAL_BODY,
});

/** A merchant with its webhook endpoint: returns its id and the endpoint's signing secret. */
export async function createMerchant(baseUrl, webhookUrl) {
  const operator = operatorToken();
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
  return { merchantId: merchant.id, webhookSecret: endpoint.secret };
}

/** One entity as a merchant's user gets one: created, funded, given an application token, a bank account linked. */
async function createEntity(baseUrl, merchantId, n, operator) {
  const as = (token) => (method, path, body) => call(baseUrl, method, path, body, token);
  const byOperator = as(operator);
  const entity = await byOperator('POST', `/v1/operator/merchants/${merchantId}/entities`, {
    entityType: 'USER',
    email: `bench-${n}@example.com`,
    externalIdentifier: `bench-${n}`,
  });
  const funding = { amount: FUNDS, reason: 'bench funding' };
  await byOperator('POST', `/v1/operator/wallets/${entity.wallet.id}/credits`, funding);
  const purpose = { entityId: entity.id, purpose: 'ACCOUNT_LINK', expiresInSeconds: TOKEN_TTL_SECONDS };
  const { token } = await byOperator('POST', '/v1/operator/application-tokens', purpose);
  const bearer = entityToken(merchantId, entity.id);
  const link = `/v1/ext/application-token/${token}/linked-accounts/USD/link/bank/1`;
  const linked = await as(bearer)('POST', link, LINK_BODIES.bank);
  return { entityId: entity.id, linkedAccountId: linked?.data?.id ?? linked?.id, token: bearer, usedAt: 0 };
}

/**
 * The merchant's entities, handed out least recently used first. The service allows an entity one withdrawal a
 * minute (its default), so a load of n withdrawals needs n entities unused for a minute: `ensure(n)` creates
 * the ones missing, `parallel` at a time.
 */
export class EntityPool {
  constructor(baseUrl, merchantId, { now = Date.now, create = createEntity } = {}) {
    Object.assign(this, { baseUrl, merchantId, now, create });
    this.entities = [];
    this.next = 0;
  }

  /** Entities whose last withdrawal is over a minute old. */
  available() {
    const since = this.now() - REUSE_AFTER_MS;
    return this.entities.filter((entity) => entity.usedAt <= since).length;
  }

  async ensure(count, parallel = 32) {
    const missing = count - this.available();
    if (missing <= 0) return 0;
    const operator = operatorToken();
    const fresh = [];
    let started = 0;
    const worker = async () => {
      while (started < missing) {
        const n = this.entities.length + started++;
        fresh.push(await this.create(this.baseUrl, this.merchantId, n, operator));
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, missing) }, worker));
    // In the rotation right where it goes on: the fresh ones are used first.
    this.entities.splice(this.next, 0, ...fresh);
    return missing;
  }

  /** The least recently used entity: the rotation goes round in the order entities were last used. */
  take() {
    const entity = this.entities[this.next];
    this.next = (this.next + 1) % this.entities.length;
    entity.usedAt = this.now();
    return entity;
  }
}
