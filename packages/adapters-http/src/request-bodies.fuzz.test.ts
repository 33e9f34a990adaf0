import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { InMemoryUnitOfWork } from '@payout/domain/testing';
import { expect } from 'chai';
import fc from 'fast-check';
import { createWithdrawalRateLimiter } from './rate-limit/withdrawal-rate-limiter.js';
import { ApiClient } from './testing/api-client.js';
import {
  inMemoryHttpDeps,
  inMemoryUseCases,
  mintHarnessToken,
  startHttpApp,
} from './testing/in-memory-http.harness.js';

/** A JSON text written by hand, so number literals reach the server exactly as generated. */
type Node = string | readonly Node[] | { readonly entries: readonly (readonly [string, Node])[] };

const toText = (node: Node): string => {
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return `[${node.map(toText).join(',')}]`;
  const { entries } = node as { entries: readonly (readonly [string, Node])[] };
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${toText(value)}`).join(',')}}`;
};

const FIELDS = [
  'amount',
  'walletType',
  'routingType',
  'reason',
  'transactionType',
  'mfaCode',
  'label',
  'data',
  'name',
  'url',
  'email',
  'entityType',
  'purpose',
  'entityId',
  'withdrawalSource',
  'expiresInSeconds',
  'approvalThreshold',
  'payoutsEnabled',
  'disabled',
  'username',
  'force',
  '__proto__',
];

const literal: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '1e308',
    '1e400',
    '-1e400',
    '9007199254740993',
    '10.0000000000000001',
    '99999999999999999999.99',
    '999999999999999999.99',
    '-0',
    '1e-400',
    '5',
    '0.01',
    '1.5e1',
    '"SPEND"',
    '"ACH"',
    '"payout"',
    '"PAYMENT_LINK"',
    '"https://hooks.example/x"',
    '"a@b.co"',
    '"\\u0000"',
    '"\\ud800"',
    '"x\\udc00"',
    'null',
    'true',
  ),
  fc.double().map((n) => (Number.isFinite(n) ? String(n) : '1e999')),
  fc.bigInt().map(String),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => JSON.stringify(s)),
);

const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal,
    fc.array(tie('node'), { maxLength: 3 }),
    fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...FIELDS), fc.string({ unit: 'binary', maxLength: 6 })),
          tie('node'),
        ),
        {
          maxLength: 6,
        },
      )
      .map((entries) => ({ entries })),
  ),
}));

/** Bodies a route might plausibly get, and plain junk. */
const bodyText: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  node.map(toText),
  fc.json(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.uint8Array({ maxLength: 40 }),
  node.map(toText).map((text) => text.slice(0, Math.floor(text.length / 2))),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
);

type Encoding = 'identity' | 'gzip' | 'deflate' | 'br' | 'corrupt-gzip' | 'compress';
const ENCODE: Record<Encoding, (bytes: Buffer) => Uint8Array> = {
  identity: (bytes) => bytes,
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
  'corrupt-gzip': (bytes) => gzipSync(bytes).subarray(0, 12),
  compress: (bytes) => bytes,
};
const encoding = fc.constantFrom<Encoding>(
  'identity',
  'identity',
  'identity',
  'gzip',
  'deflate',
  'br',
  'corrupt-gzip',
  'compress',
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/merge-patch+json',
  'text/plain',
);

describe('request bodies (seeded fuzz over every route that takes a body)', function () {
  this.timeout(60_000);
  const unitOfWork = new InMemoryUnitOfWork();
  let app: Awaited<ReturnType<typeof startHttpApp>>;
  let routes: { method: string; path: string; token: string }[];
  let client: ApiClient;

  before(async () => {
    app = await startHttpApp(
      inMemoryHttpDeps({
        useCases: inMemoryUseCases(unitOfWork),
        // Rate limiting answers before validation: unlimited here so every body reaches the parser.
        withdrawalRateLimiter: createWithdrawalRateLimiter({ pointsPerMinute: 1_000_000, keyPrefix: 'fuzz' }),
      }),
    );
    client = new ApiClient({ ...app, mintToken: mintHarnessToken });
    const { merchant, entity, accountId } = await client.payer('bank', '1000.00');
    const appToken = await client.applicationToken(entity.id);
    const operator = client.operatorToken();
    const unknownId = '7b0c4a52-5f39-4b8e-9d0e-3f1b2a6c9d11';
    routes = [
      { method: 'POST', path: `/v1/ext/linked-accounts/USD/${accountId}/withdrawal`, token: entity.token },
      ...['bank', 'card', 'zelle', 'paypal', 'venmo', 'prepaid_card', 'international_bank'].map((kind) => ({
        method: 'POST',
        path: `/v1/ext/application-token/${appToken}/linked-accounts/USD/link/${kind}/1`,
        token: entity.token,
      })),
      { method: 'POST', path: '/v1/operator/merchants', token: operator },
      { method: 'PATCH', path: `/v1/operator/merchants/${merchant.id}`, token: operator },
      { method: 'PUT', path: `/v1/operator/merchants/${merchant.id}/webhook-endpoint`, token: operator },
      { method: 'POST', path: `/v1/operator/merchants/${merchant.id}/entities`, token: operator },
      { method: 'POST', path: `/v1/operator/wallets/${entity.walletId}/credits`, token: operator },
      { method: 'POST', path: `/v1/operator/wallets/${merchant.walletId}/credits`, token: operator },
      { method: 'PATCH', path: `/v1/operator/wallets/${entity.walletId}`, token: operator },
      { method: 'POST', path: '/v1/operator/application-tokens', token: operator },
      { method: 'POST', path: `/v1/operator/withdrawals/${unknownId}/approve`, token: operator },
      { method: 'POST', path: `/v1/operator/withdrawals/${unknownId}/reject`, token: operator },
      { method: 'POST', path: `/v1/operator/withdrawals/${unknownId}/fail`, token: operator },
      { method: 'POST', path: `/v1/operator/withdrawals/${unknownId}/check`, token: operator },
      { method: 'POST', path: `/v1/operator/webhook-deliveries/${unknownId}/redeliver`, token: operator },
    ];
  });

  after(async () => {
    await app?.close();
  });

  const balances = () =>
    JSON.stringify({
      wallets: [...unitOfWork.state.wallets.values()].map((w) => [w.id, w.balance.toString()]),
      ledger: unitOfWork.state.ledger.length,
    });

  it('never answers 5xx, always the envelope on errors, and a refused body moves no money', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), bodyText, encoding, contentType, async (routeIndex, text, coding, type) => {
        const route = routes[routeIndex % routes.length];
        if (!route) throw new Error('no route');
        const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(text);
        const headers: Record<string, string> = { 'content-type': type };
        if (coding !== 'identity') headers['content-encoding'] = coding.replace('corrupt-', '');
        const before = balances();
        const res = await client.request(route.method, route.path, {
          token: route.token,
          rawBody: ENCODE[coding](bytes),
          headers,
        });
        const seen = `${route.method} ${route.path} ${coding} ${type} ${res.status} ${JSON.stringify(res.json)}`;
        expect(res.status, seen).to.be.below(500);
        if (res.status >= 400) {
          expect(res.json, seen).to.include({ success: false, fatal: true });
          expect(res.json.code, seen).to.be.a('string');
          expect(res.json.message, seen).to.be.a('string');
          expect(balances(), seen).to.equal(before);
        }
      }),
      { seed: 20261128, numRuns: 250 },
    );
  });
});
