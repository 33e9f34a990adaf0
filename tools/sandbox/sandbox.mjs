#!/usr/bin/env node
// Sets up a sandbox merchant through the operator API of a running service and prints what you need to try it:
//   npm run sandbox            (BASE_URL defaults to http://localhost:3000; WEBHOOK_URL registers an endpoint)
import { LINK_BODIES } from '@payout/domain/testing';
import { mintToken } from '../token/mint-token.mjs';

export { LINK_BODIES };

async function call(baseUrl, method, path, body, token) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Creates the sandbox and returns its description. */
export async function createSandbox({
  baseUrl = 'http://localhost:3000',
  webhookUrl,
  entities = 2,
  funds = '10000.00',
} = {}) {
  const operator = mintToken({ scope: 'operator', sub: 'sandbox-operator' });
  const merchant = (
    await call(baseUrl, 'POST', '/v1/operator/merchants', { name: 'Sandbox Merchant' }, operator)
  ).data;
  let webhook = null;
  if (webhookUrl)
    webhook = (
      await call(
        baseUrl,
        'PUT',
        `/v1/operator/merchants/${merchant.id}/webhook-endpoint`,
        { url: webhookUrl },
        operator,
      )
    ).data;
  const out = {
    baseUrl,
    merchant: {
      id: merchant.id,
      walletId: merchant.wallet.id,
      accessToken: mintToken({
        merchant: merchant.id,
        scope: 'merchant.apis',
        sub: `merchant-${merchant.id}`,
      }),
    },
    webhook,
    entities: [],
  };
  for (let i = 0; i < entities; i++) {
    const entity = (
      await call(
        baseUrl,
        'POST',
        `/v1/operator/merchants/${merchant.id}/entities`,
        {
          entityType: 'USER',
          email: `user${i + 1}@example.com`,
          externalIdentifier: `sandbox-user-${i + 1}`,
        },
        operator,
      )
    ).data;
    await call(
      baseUrl,
      'POST',
      `/v1/operator/wallets/${entity.wallet.id}/credits`,
      { amount: funds, reason: 'sandbox funding' },
      operator,
    );
    const accessToken = mintToken({
      merchant: merchant.id,
      entity: entity.id,
      scope: 'external.apis',
      sub: `user-${entity.id}`,
    });
    const linkToken = (
      await call(
        baseUrl,
        'POST',
        '/v1/operator/application-tokens',
        { entityId: entity.id, purpose: 'ACCOUNT_LINK', expiresInSeconds: 86400 },
        operator,
      )
    ).data.token;
    const linkedAccounts = {};
    for (const [kind, body] of Object.entries(LINK_BODIES)) {
      const json = await call(
        baseUrl,
        'POST',
        `/v1/ext/application-token/${linkToken}/linked-accounts/USD/link/${kind}/1`,
        body,
        accessToken,
      );
      linkedAccounts[kind] = json.data?.data?.id ?? json.data?.id;
    }
    out.entities.push({
      id: entity.id,
      walletId: entity.wallet.id,
      balance: funds,
      accessToken,
      applicationToken: linkToken,
      linkedAccounts,
    });
  }
  const first = out.entities[0];
  if (first) {
    out.tryIt = `curl -s -X POST ${baseUrl}/v1/ext/linked-accounts/USD/${first.linkedAccounts.bank}/withdrawal -H 'Authorization: Bearer ${first.accessToken}' -H 'Content-Type: application/json' -d '{"amount": 25.00, "walletType": "SPEND"}'`;
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  createSandbox({
    baseUrl: process.env.BASE_URL ?? 'http://localhost:3000',
    webhookUrl: process.env.WEBHOOK_URL,
  })
    .then((sandbox) => process.stdout.write(`${JSON.stringify(sandbox, null, 2)}\n`))
    .catch((error) => {
      process.stderr.write(`sandbox: ${error.message}\nIs the service running (npm start)?\n`);
      process.exit(1);
    });
}
