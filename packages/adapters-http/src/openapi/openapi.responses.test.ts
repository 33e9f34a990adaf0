import { LINK_KINDS } from '@payout/domain';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { createPayoutApi, type PayoutApi } from '../client/index.js';
import { PayoutMetrics } from '../ops/payout-metrics.js';
import { ApiClient } from '../testing/api-client.js';
import type { HttpHarness } from '../testing/http-harness.js';
import { inMemoryHttpDeps, mintHarnessToken, startHttpApp } from '../testing/in-memory-http.harness.js';
import { LINK_BODIES } from '../testing/link-bodies.fixture.js';
import { buildOpenApiDocument } from './openapi.document.js';

type Json = Record<string, unknown>;
const document = buildOpenApiDocument() as Json & { paths: Record<string, Record<string, Json>> };
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...document, $id: 'openapi' });

const pointerPart = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

/** The documented schema of `status` for `method schemaPath`, or why there is none. */
function schemaOf(method: string, schemaPath: string, status: number, type: string): string {
  const responses = document.paths[schemaPath]?.[method]?.responses as Record<string, Json> | undefined;
  const response = responses?.[status];
  if (!response) throw new Error(`${method} ${schemaPath}: ${status} is not documented`);
  const base =
    typeof response.$ref === 'string'
      ? `openapi${response.$ref}`
      : `openapi#/paths/${pointerPart(schemaPath)}/${method}/responses/${status}`;
  return `${base}/content/${pointerPart(type)}/schema`;
}

/**
 * Issue 32 item 6: the answers are what the document says. Every call of a scenario goes through the generated
 * client, whose middleware checks each answer against the documented schema of its status.
 */
describe('OpenAPI document: the answers of the running app conform', () => {
  let harness: HttpHarness;
  const seen = new Set<string>();
  const client = (token?: string): PayoutApi => {
    const api = createPayoutApi({ baseUrl: harness.baseUrl, ...(token ? { token } : {}) });
    api.use({
      async onResponse({ request, response, schemaPath }) {
        const method = request.method.toLowerCase();
        const type = (response.headers.get('content-type') ?? '').split(';')[0] as string;
        const body =
          type === 'application/json' ? await response.clone().json() : await response.clone().text();
        const validate = ajv.getSchema(schemaOf(method, schemaPath, response.status, type));
        const where = `${method} ${schemaPath} ${response.status}`;
        expect(
          validate?.(body),
          `${where}: ${JSON.stringify(validate?.errors)} ${JSON.stringify(body)}`,
        ).to.equal(true);
        seen.add(`${method} ${schemaPath}`);
      },
    });
    return api;
  };

  before(async () => {
    const started = await startHttpApp(inMemoryHttpDeps({ metrics: new PayoutMetrics() }));
    harness = { ...started, mintToken: mintHarnessToken };
  });
  after(() => harness.close());

  it('answers every documented operation as documented, errors included', async () => {
    const seed = new ApiClient(harness);
    const operator = client(seed.operatorToken());
    const merchant = await seed.merchant({ approvalThreshold: '100.00' });
    const entity = await seed.entity(merchant, '1000.00');
    const held = await seed.entity(merchant, '1000.00');
    const asMerchant = client(merchant.token);
    const asEntity = client(entity.token);
    const m = { params: { path: { merchantId: merchant.id } } };
    const w = { params: { path: { walletId: entity.walletId } } };

    await operator.POST('/v1/operator/merchants', { body: { name: 'Conforming merchant' } });
    await operator.GET('/v1/operator/merchants', { params: { query: { limit: '1' } } });
    await operator.GET('/v1/operator/merchants/{merchantId}', m);
    await operator.PATCH('/v1/operator/merchants/{merchantId}', {
      ...m,
      body: {
        feeOverrides: { ACH: { type: 'FLAT', amount: '0.10' }, RTP: { type: 'PERCENT', rate: '1.5' } },
      },
    });
    await operator.PUT('/v1/operator/merchants/{merchantId}/webhook-endpoint', {
      ...m,
      body: { url: 'https://merchant.example.com/hooks' },
    });
    await operator.POST('/v1/operator/merchants/{merchantId}/entities', {
      ...m,
      body: { entityType: 'BUSINESS', email: 'ops@example.com' },
    });
    await operator.GET('/v1/operator/merchants/{merchantId}/entities', m);
    await operator.POST('/v1/operator/wallets/{walletId}/credits', { ...w, body: { amount: '5.00' } });
    await operator.PATCH('/v1/operator/wallets/{walletId}', { ...w, body: { disabled: false } });

    const accounts: Partial<Record<string, string>> = {};
    // One operation per kind: called by a path made at run time, so typed loosely here.
    const link = asEntity.POST as unknown as (path: string, init: unknown) => Promise<{ data?: unknown }>;
    for (const kind of LINK_KINDS) {
      const token = await seed.applicationToken(entity.id);
      const linked = await link(
        `/v1/ext/application-token/{token}/linked-accounts/{currency}/link/${kind}/{step}`,
        {
          params: { path: { token, currency: 'USD', step: '1' } },
          body: LINK_BODIES[kind],
        },
      );
      const data = linked.data as { data: { id?: string; data?: { id: string } } };
      accounts[kind] = data.data.data?.id ?? data.data.id;
    }
    await operator.GET('/v1/operator/entities/{entityId}', { params: { path: { entityId: entity.id } } });
    await operator.GET('/v1/operator/entities/{entityId}/linked-accounts', {
      params: { path: { entityId: entity.id } },
    });

    const bank = accounts.bank as string;
    const withdraw = (api: PayoutApi, amount: number, account = bank) =>
      api.POST('/v1/ext/linked-accounts/{currency}/{linkedAccountId}/withdrawal', {
        params: { path: { currency: 'USD', linkedAccountId: account } },
        body: { amount, walletType: 'SPEND' },
      });
    const created = await withdraw(asEntity, 25);
    const id = created.data?.data.id as string;
    const limited = await withdraw(asEntity, 25);
    const heldAccount = await seed.link(held, 'bank');
    const asHeld = client(held.token);
    const queued = await withdraw(asHeld, 150, heldAccount);
    const unauthorized = await withdraw(client(`${entity.token}x`), 1);
    const refuser = await seed.entity(merchant, '100.00');
    const refused = await withdraw(client(refuser.token), 10.91, await seed.link(refuser, 'bank'));

    const t = { params: { path: { transactionId: id } } };
    await asMerchant.GET('/v1/transactions/{transactionId}', t);
    await asMerchant.GET('/v1/transactions/{transactionId}', { params: { path: { transactionId: 'nope' } } });
    await asMerchant.GET('/v1/transactions/{transactionId}/webhook-payload', t);
    await asMerchant.GET('/v1/transactions', { params: { query: { status: 'PROCESSING_PAY_OUT' } } });
    await asMerchant.GET('/v1/transactions', { params: { query: { limit: '0' } } }); // 400
    await asMerchant.GET('/v1/wallets/{walletId}', w);
    await asMerchant.GET('/v1/wallets/{walletId}/ledger-entries', w);
    await asMerchant.GET('/v1/wallets/{walletId}/ledger-entries', {
      params: { path: w.params.path, query: { transactionId: id } },
    });
    const events = await asMerchant.GET('/v1/events', {});
    await asMerchant.GET('/v1/webhook-deliveries', { params: { query: { transactionId: id } } });
    const eventId = { params: { path: { id: events.data?.data[0]?.id as string } } };
    await asMerchant.POST('/v1/webhook-deliveries/{id}/redeliver', eventId);
    await operator.GET('/v1/operator/webhook-deliveries', { params: { query: { transactionId: id } } });
    await operator.GET('/v1/operator/webhook-deliveries', {
      params: { query: { outcome: 'PENDING', limit: '1' } },
    });
    await operator.GET('/v1/operator/withdrawals/{id}', { params: { path: { id } } });
    await operator.GET('/v1/operator/withdrawals/{id}', {
      params: { path: { id: '0195b3c4-0000-7000-8000-000000000404' } },
    }); // 404
    await operator.POST('/v1/operator/webhook-deliveries/{id}/redeliver', eventId);
    await operator.GET('/v1/operator/withdrawals', {
      params: { query: { status: 'AWAITING_APPROVAL', order: 'asc' } },
    });
    const decision = {
      params: { path: { id: queued.data?.data.id as string } },
      body: { reason: 'Checked' },
    };
    await operator.POST('/v1/operator/withdrawals/{id}/approve', decision);
    await operator.POST('/v1/operator/withdrawals/{id}/reject', decision); // 409: no longer awaiting
    await operator.POST('/v1/operator/withdrawals/{id}/fail', decision); // 409: accepted by its rail
    await operator.POST('/v1/operator/withdrawals/{id}/check', decision); // 409: its check is under way or due
    await operator.POST('/v1/operator/application-tokens', {
      body: { purpose: 'ACCOUNT_LINK', entityId: entity.id },
    });
    await operator.GET('/v1/operator/linked-accounts', { params: { query: { unusable: 'true' } } });
    await operator.GET('/v1/operator/linked-accounts', { params: { query: {} as { unusable: 'true' } } }); // 400
    const acct = { params: { path: { id: bank } } };
    await operator.GET('/v1/operator/linked-accounts/{id}', acct);
    await operator.POST('/v1/operator/linked-accounts/{id}/reinstate', { ...acct, body: {} }); // 409: usable
    await operator.GET('/v1/operator/audit-log', { params: { query: { limit: '2' } } });
    await operator.GET('/v1/operator/reconciliation/runs', { params: { query: { provider: 'simulated' } } });
    await operator.GET('/v1/operator/reconciliation/exceptions', {
      params: { query: { state: 'open', olderThan: 'P1D' } },
    });
    await operator.GET('/v1/operator/reconciliation/exceptions', {
      params: { query: { olderThan: 'a day' } },
    }); // 400
    await operator.POST('/v1/operator/reconciliation/exceptions/{id}/resolve', {
      params: { path: { id: '0195b3c4-0000-7000-8000-000000000404' } },
      body: { action: 'ACKNOWLEDGE', reason: 'Checked' },
    }); // 404
    const day = new Date().toISOString().slice(0, 10);
    await operator.GET('/v1/operator/reports/withdrawals.csv', {
      params: { query: { from: day, to: day, merchantId: merchant.id } },
      parseAs: 'text',
    });
    await operator.GET('/v1/operator/reports/withdrawals.csv', {
      params: { query: { from: day, to: '2026-02-30' } },
    }); // 400
    await operator.GET('/v1/operator/reconciliation/runs/{id}/lines.csv', {
      params: { path: { id: '0195b3c4-0000-7000-8000-000000000404' } },
    }); // 404
    await client().POST('/v1/rails/{provider}/webhooks', { params: { path: { provider: 'paypal' } } });
    await client().GET('/healthz');
    await client().GET('/readyz');
    await client().GET('/metrics', { parseAs: 'text' });
    await client().GET('/openapi.json');
    await client().GET('/');

    expect(limited.response.headers.get('retry-after')).to.equal('60');
    expect(unauthorized.response.status).to.equal(401);
    expect(refused.response.status).to.equal(500);
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect([...seen].sort()).to.deep.equal(documented.sort());
  });
});
