import { ERROR_CODES, LINK_KINDS } from '@payout/domain';
import { expect } from 'chai';
import { createHttpApp } from '../app/create-http-app.js';
import { TRANSPORT_ERROR_CODES } from '../errors/response-envelope.js';
import { PayoutMetrics } from '../ops/payout-metrics.js';
import { inMemoryHttpDeps } from '../testing/in-memory-http.harness.js';
import { buildOpenApiDocument } from './openapi.document.js';

/** Pages served beside the API, not part of it: the reference UI itself and the operator console. */
const NOT_API = ['/docs', '/console'];

interface Layer {
  readonly route?: { readonly path: string; readonly methods: Record<string, boolean> };
}

/** `METHOD /path/{param}` of every route the app's router serves. */
function servedRoutes(): string[] {
  const app = createHttpApp(inMemoryHttpDeps({ metrics: new PayoutMetrics() }));
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  return stack.flatMap(({ route }) =>
    !route || NOT_API.some((prefix) => route.path.startsWith(prefix))
      ? []
      : Object.keys(route.methods).map(
          (method) => `${method.toUpperCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`,
        ),
  );
}

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> } & Record<string, unknown>;
const document = buildOpenApiDocument() as Doc;

const documented = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
);

/** The router serves the link kinds as one `{kind}` route; the document has one path per kind. */
const asRouted = (route: string) =>
  route.replace(new RegExp(`/link/(${LINK_KINDS.join('|')})/`), '/link/{kind}/');

describe('OpenAPI document: coverage of the routes', () => {
  it('documents every route the router serves, and no route it does not', () => {
    const served = servedRoutes();
    expect(served).to.include('GET /v1/operator/audit-log');
    expect([...new Set(documented.map(asRouted))].sort()).to.deep.equal([...new Set(served)].sort());
  });

  it('has one link operation per link kind', () => {
    for (const kind of LINK_KINDS)
      expect(documented).to.include(
        `POST /v1/ext/application-token/{token}/linked-accounts/{currency}/link/${kind}/{step}`,
      );
  });

  it('gives every operation a unique operationId, a 2xx and a 4xx, each with a schema and an example', () => {
    const ids = new Set<string>();
    const responses = (document.components as { responses: Record<string, Record<string, unknown>> })
      .responses;
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method} ${path}`;
        const id = operation.operationId as string;
        expect(id, where).to.be.a('string');
        expect(ids.has(id), `${where}: ${id} twice`).to.equal(false);
        ids.add(id);
        const statuses = Object.entries(operation.responses as Record<string, Record<string, unknown>>);
        expect(
          statuses.some(([s]) => s.startsWith('2')),
          `${where}: a 2xx`,
        ).to.equal(true);
        expect(
          statuses.some(([s]) => s.startsWith('4')),
          `${where}: a 4xx`,
        ).to.equal(true);
        for (const [status, response] of statuses) {
          const resolved =
            typeof response.$ref === 'string'
              ? responses[(response.$ref as string).split('/').pop() as string]
              : response;
          const media = Object.values((resolved?.content ?? {}) as Record<string, Record<string, unknown>>);
          expect(media.length, `${where} ${status}: content`).to.be.greaterThan(0);
          for (const m of media) expect(m, `${where} ${status}`).to.include.keys('schema', 'example');
        }
      }
  });

  it('enumerates the error code from the registry and sends Retry-After with 429 and 503', () => {
    const components = document.components as Record<string, Record<string, Record<string, unknown>>>;
    const error = components.schemas?.Error as { properties: Record<string, { enum: string[] }> };
    expect(error.properties.code?.enum).to.have.members([...ERROR_CODES, ...TRANSPORT_ERROR_CODES]);
    for (const name of ['TooManyRequests', 'ServiceUnavailable'])
      expect(components.responses?.[name]?.headers).to.have.key('Retry-After');
  });

  it('describes the webhook with its Standard Webhooks headers', () => {
    const post = (
      document.webhooks as Record<string, { post: { parameters: { name: string; in: string }[] } }>
    ).withdrawalStatusChanged?.post;
    expect(post?.parameters.filter((p) => p.in === 'header').map((p) => p.name)).to.deep.equal([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
  });
});
