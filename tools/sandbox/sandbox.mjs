#!/usr/bin/env node
// Adds funded entities to the sandbox merchant (made once per service; later runs, `listen` and `trigger` find it
// again by name) through the operator API of a running service, and prints what you need to try it:
//   npm run -s sandbox | jq .        (BASE_URL defaults to http://localhost:3000; WEBHOOK_URL registers an endpoint)
// stdout carries the JSON alone, so it pipes; the hints for a person go to stderr. `-s` keeps npm's banner out.
import { randomUUID } from 'node:crypto';
import { LINK_BODIES } from '@payout/domain/testing';
import { mintToken } from '../token/mint-token.mjs';
import { payoutApi } from './payout-api.mjs';
import { sandboxMerchant } from './sandbox-merchant.mjs';

export { LINK_BODIES };

/** A console session lasts a working day; the setup's own token is short-lived. */
const CONSOLE_TOKEN_TTL_SECONDS = 8 * 3600;

/** Decimal dollars as integer cents, so no amount passes through a binary double. */
export const cents = (dollars) => {
  const [whole, fraction = ''] = String(dollars).split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};
export const dollars = (value) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

/**
 * Adds funded entities with linked accounts to the sandbox merchant (made on first use; `merchantId` names another)
 * and returns their description.
 */
export async function createSandbox({
  baseUrl = 'http://localhost:3000',
  merchantId,
  webhookUrl,
  entities = 2,
  funds,
  linkKinds = Object.keys(LINK_BODIES),
} = {}) {
  const api = payoutApi(baseUrl);
  const operator = mintToken({ scope: 'operator', sub: 'sandbox-operator' });
  const { merchant } = await sandboxMerchant(api, operator, merchantId);
  // Entities of earlier runs stay on the merchant: this run's are told apart by a suffix of their own.
  const run = randomUUID().slice(0, 8);
  // Enough for one withdrawal above the merchant's approval threshold and as much again in small ones.
  const approvalAmount = dollars(cents(merchant.approvalThreshold) + 100000n);
  const balance = funds ?? dollars(cents(approvalAmount) * 2n);
  const webhook = webhookUrl
    ? await api.setWebhookEndpoint(operator, merchant.id, { url: webhookUrl })
    : null;
  const out = {
    baseUrl,
    consoleUrl: `${baseUrl}/console`,
    operatorToken: mintToken({ scope: 'operator', sub: 'console-operator', ttl: CONSOLE_TOKEN_TTL_SECONDS }),
    merchant: {
      id: merchant.id,
      walletId: merchant.wallet.id,
      approvalThreshold: merchant.approvalThreshold,
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
    const entity = await api.createEntity(operator, merchant.id, {
      entityType: 'USER',
      email: `user${i + 1}-${run}@example.com`,
      externalIdentifier: `sandbox-user-${i + 1}-${run}`,
    });
    await api.creditWallet(operator, entity.wallet.id, { amount: balance, reason: 'sandbox funding' });
    const accessToken = mintToken({
      merchant: merchant.id,
      entity: entity.id,
      scope: 'external.apis',
      sub: `user-${entity.id}`,
    });
    const { token: linkToken } = await api.issueApplicationToken(operator, {
      entityId: entity.id,
      purpose: 'ACCOUNT_LINK',
      expiresInSeconds: 86400,
    });
    const linkedAccounts = {};
    for (const kind of linkKinds)
      linkedAccounts[kind] = await api.linkAccount(accessToken, linkToken, kind, LINK_BODIES[kind]);
    out.entities.push({
      id: entity.id,
      walletId: entity.wallet.id,
      balance,
      accessToken,
      applicationToken: linkToken,
      linkedAccounts,
    });
  }
  // Each suggestion from its own entity: a withdrawal is limited per entity and minute, so both run one after another.
  const [first, second = first] = out.entities;
  const curl = (entity, amount) =>
    `curl -s -X POST ${baseUrl}/v1/ext/linked-accounts/USD/${entity.linkedAccounts.bank}/withdrawal -H 'Authorization: Bearer ${entity.accessToken}' -H 'Content-Type: application/json' -d '{"amount": ${amount}, "walletType": "SPEND"}'`;
  if (first?.linkedAccounts.bank) out.tryIt = curl(first, '25.00');
  if (second?.linkedAccounts.bank) out.tryApproval = curl(second, approvalAmount);
  return out;
}

/** What a person reads on stderr: where the console is, how to sign in, what to try first. */
export function hints(sandbox) {
  const lines = [
    `Sandbox ready on ${sandbox.baseUrl}: merchant ${sandbox.merchant.id}, ${sandbox.entities.length} funded entities.`,
    `Operator console: ${sandbox.consoleUrl}  (sign in with the operatorToken below)`,
    `Operator token:   ${sandbox.operatorToken}`,
  ];
  if (sandbox.tryIt)
    lines.push(
      '',
      'Try a withdrawal:',
      `  ${sandbox.tryIt}`,
      `Try an approval (at or above the approval threshold ${sandbox.merchant.approvalThreshold}, it waits as AWAITING_APPROVAL;`,
      '  approve or reject it in the console, under Approvals queue):',
      `  ${sandbox.tryApproval}`,
    );
  lines.push(
    '',
    'See its webhooks:           npm run listen   (in another terminal; verifies and prints each delivery)',
    'Trigger an outcome by name: npm run trigger -- returned --rail ACH   (npm run trigger -- --help lists them)',
    'The JSON on stdout pipes: npm run -s sandbox | jq -r .operatorToken',
  );
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  createSandbox({
    baseUrl: process.env.BASE_URL ?? 'http://localhost:3000',
    webhookUrl: process.env.WEBHOOK_URL,
  })
    .then((sandbox) => {
      process.stdout.write(`${JSON.stringify(sandbox, null, 2)}\n`);
      process.stderr.write(hints(sandbox));
    })
    .catch((error) => {
      process.stderr.write(`sandbox: ${error.message}\n`);
      process.exit(1);
    });
}
