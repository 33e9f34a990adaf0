import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { bearer, createPayoutApi } from '../client/index.js';
import { ApiClient } from '../testing/api-client.js';
import type { HttpHarness } from '../testing/http-harness.js';
import { inMemoryHttpHarness } from '../testing/in-memory-http.harness.js';
import { buildOpenApiDocument } from './openapi.document.js';
import { RECONCILIATION_IDS } from './reconciliation.operations.js';

type Json = Record<string, unknown>;
const document = buildOpenApiDocument() as Json & { paths: Record<string, Record<string, Json>> };

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...document, $id: 'openapi' });

const pointer = (...parts: string[]) =>
  `openapi#/${parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

/** Every example the document gives, with a pointer to the schema it must satisfy. */
function examples(): { where: string; schema: string; example: unknown }[] {
  const found: { where: string; schema: string; example: unknown }[] = [];
  const media = (base: string[], content: Record<string, Json> | undefined, where: string) => {
    for (const [type, m] of Object.entries(content ?? {}))
      if ('example' in m)
        found.push({ where, schema: pointer(...base, 'content', type, 'schema'), example: m.example });
  };
  const operations = [
    ...Object.entries(document.paths).map(([path, item]) => ['paths', path, item] as const),
    ...Object.entries(document.webhooks as Json).map(
      ([name, item]) => ['webhooks', name, item as Json] as const,
    ),
  ];
  for (const [section, key, item] of operations)
    for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
      const base = [section, key, method];
      const where = `${method} ${key}`;
      media(
        [...base, 'requestBody'],
        (operation.requestBody as Json | undefined)?.content as never,
        `${where} body`,
      );
      (operation.parameters as Json[] | undefined)?.forEach((p, i) => {
        if ('example' in p)
          found.push({
            where: `${where} ${p.name}`,
            schema: pointer(...base, 'parameters', String(i), 'schema'),
            example: p.example,
          });
      });
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>))
        media([...base, 'responses', status], response.content as never, `${where} ${status}`);
    }
  const responses = (document.components as Record<string, Record<string, Json>>).responses ?? {};
  for (const [name, response] of Object.entries(responses))
    media(['components', 'responses', name], response.content as never, name);
  return found;
}

describe('OpenAPI document: examples', () => {
  it('every example satisfies its schema', () => {
    const all = examples();
    expect(all.length).to.be.greaterThan(60);
    for (const { where, schema, example } of all) {
      const validate = ajv.getSchema(schema);
      if (!validate) throw new Error(`no schema at ${schema}`);
      expect(validate(example), `${where}: ${JSON.stringify(validate.errors)}`).to.equal(true);
    }
  });

  it('no request example carries mfaCode', () => {
    for (const { where, example } of examples().filter((e) => e.where.endsWith(' body')))
      expect(example, where).to.not.have.property('mfaCode');
  });

  describe('request examples sent to the app', () => {
    let harness: HttpHarness;
    let api: ApiClient;
    before(async () => {
      harness = await inMemoryHttpHarness();
      api = new ApiClient(harness);
    });
    after(() => harness.close());

    const bodyOf = (path: string, method: string) => {
      const body = document.paths[path]?.[method]?.requestBody as { content: Record<string, Json> };
      return body.content['application/json']?.example;
    };

    /** Sends the body example of `method path` with these path parameters; answers its status. */
    async function send(method: string, path: string, params: Record<string, string>, token: string) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `missing-${name}`);
      const response = await fetch(`${harness.baseUrl}${url}`, {
        method: method.toUpperCase(),
        headers: { 'content-type': 'application/json', ...bearer(token) },
        body: JSON.stringify(bodyOf(path, method)),
      });
      return { status: response.status, body: await response.text() };
    }

    it('every body example is accepted (2xx) where its path names rows that exist', async () => {
      const operator = api.operatorToken();
      const merchant = await api.merchant();
      // Its own merchant: the settings example changes the other's approval threshold.
      const holding = await api.merchant({ approvalThreshold: '10.00' });
      const accepted: string[] = [];
      for (const [path, item] of Object.entries(document.paths))
        for (const method of Object.keys(item)) {
          if (!item[method]?.requestBody) continue;
          const payer = await api.entity(merchant, '1000.00');
          const holder = await api.entity(holding, '1000.00');
          const held = path.includes('/withdrawals/{id}/')
            ? (
                await api.withdraw(holder, await api.link(holder, 'bank'), {
                  amount: 25,
                  walletType: 'SPEND',
                })
              ).json.data.id
            : '';
          const params = {
            currency: 'USD',
            step: '1',
            merchantId: merchant.id,
            walletId: payer.walletId,
            linkedAccountId: path.endsWith('/withdrawal') ? await api.link(payer, 'bank') : '',
            token: path.includes('/link/') ? await api.applicationToken(payer.id) : '',
            id: path.startsWith('/v1/operator/linked-accounts/')
              ? await api.link(payer, 'bank')
              : path.startsWith('/v1/operator/reconciliation/')
                ? RECONCILIATION_IDS.exception
                : held,
          };
          const token = path.startsWith('/v1/operator') ? operator : payer.token;
          const { status, body } = await send(method, path, params, token);
          if (path === '/v1/operator/application-tokens')
            expect(status, body).to.equal(404); // the example's entity
          // Needs a payout whose submission has gone unanswered for minutes: its body passes validation only.
          else if (path === '/v1/operator/withdrawals/{id}/fail')
            expect([status, JSON.parse(body).code]).to.deep.equal([409, 'ILLEGAL_TRANSITION']);
          // Needs a withdrawal whose next check is minutes away; a held one has none.
          else if (path === '/v1/operator/withdrawals/{id}/check')
            expect([status, JSON.parse(body).code]).to.deep.equal([409, 'ILLEGAL_TRANSITION']);
          // Needs an account a return marked unusable; a freshly linked one is usable.
          else if (path === '/v1/operator/linked-accounts/{id}/reinstate')
            expect([status, JSON.parse(body).code]).to.deep.equal([409, 'CONFLICT']);
          // Needs an exception a reconciliation run opened; the in-memory app has read no provider's records.
          else if (path === '/v1/operator/reconciliation/exceptions/{id}/resolve')
            expect([status, JSON.parse(body).code]).to.deep.equal([404, 'NOT_FOUND']);
          else expect(status, `${method} ${path}: ${body}`).to.be.within(200, 299);
          accepted.push(`${method} ${path}`);
        }
      expect(accepted.length).to.be.greaterThan(15);
    });

    it('the generated client calls the API with the documented types', async () => {
      const merchant = await api.merchant();
      const client = createPayoutApi({ baseUrl: harness.baseUrl, token: merchant.token });
      const { data, error, response } = await client.GET('/v1/transactions', {
        params: { query: { limit: '5' } },
      });
      expect(response.status).to.equal(200);
      expect(error).to.equal(undefined);
      expect(data).to.deep.equal({ success: true, data: [], hasMore: false, nextCursor: null });
      const refused = await client.GET('/v1/transactions/{transactionId}', {
        params: { path: { transactionId: 'not-a-uuid' } },
      });
      expect(refused.error?.code).to.equal('TRANSACTION_NOT_FOUND');
    });
  });
});
