import { Writable } from 'node:stream';
import { domainError, ERROR_CODES, err, MESSAGES } from '@payout/domain';
import { expect } from 'chai';
import { ERROR_STATUS } from '../errors/error-status.table.js';
import { createLogger } from '../logging/logger.js';
import { inMemoryHttpDeps, mintHarnessToken, startHttpApp } from '../testing/in-memory-http.harness.js';

function captureLogs(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ destination, level }) };
}

const MERCHANT = '00000000-0000-4000-8000-00000000000a';
const ENTITY = '00000000-0000-4000-8000-00000000000b';
const merchantToken = mintHarnessToken({ sub: 'm', scope: 'merchant.apis', merchant_id: MERCHANT });
const TX = '/v1/transactions/7b0c4a52-5f39-4b8e-9d0e-3f1b2a6c9d11';

describe('createHttpApp', () => {
  it('maps every domain error code to a status class the spec allows', () => {
    for (const code of ERROR_CODES)
      expect(ERROR_STATUS[code], code).to.be.oneOf([400, 401, 403, 404, 409, 422, 429, 500]);
    expect(ERROR_STATUS.UNSUPPORTED_TRANSACTION_TYPE).to.equal(422);
    expect(ERROR_STATUS.RAIL_REJECTED).to.equal(500);
  });

  it('sends no ETag: a payment state is never validated against a stored copy', async () => {
    const app = await startHttpApp(inMemoryHttpDeps());
    try {
      const health = await fetch(`${app.baseUrl}/healthz`);
      expect(health.status).to.equal(200);
      expect(health.headers.get('etag')).to.equal(null);
      const lookup = await fetch(`${app.baseUrl}${TX}/webhook-payload`, {
        headers: { authorization: `Bearer ${merchantToken}` },
      });
      expect(lookup.status).to.equal(404);
      expect(lookup.headers.get('etag')).to.equal(null);
    } finally {
      await app.close();
    }
  });

  it("answers 422 with the spec's message when the lookup is for another transaction type", async () => {
    const deps = inMemoryHttpDeps();
    const useCases = {
      ...deps.useCases,
      getWebhookPayload: {
        execute: async () =>
          err(domainError('UNSUPPORTED_TRANSACTION_TYPE', MESSAGES.UNSUPPORTED_TRANSACTION_TYPE)),
      },
    };
    const app = await startHttpApp({ ...deps, useCases });
    try {
      const res = await fetch(`${app.baseUrl}${TX}/webhook-payload`, {
        headers: { authorization: `Bearer ${merchantToken}` },
      });
      expect(res.status).to.equal(422);
      expect(await res.json()).to.deep.equal({
        success: false,
        message: 'Webhook payload not available for this transaction type',
        fatal: true,
        code: 'UNSUPPORTED_TRANSACTION_TYPE',
      });
    } finally {
      await app.close();
    }
  });

  it('answers an unexpected exception with a bare 503 and Retry-After (never the 500 of a rail rejection), logged with the request id, tokens redacted', async () => {
    const { lines, logger } = captureLogs();
    const deps = inMemoryHttpDeps({ logger });
    const useCases = {
      ...deps.useCases,
      getTransaction: {
        execute: async () => {
          throw new Error('database exploded at /secret/path');
        },
      },
    };
    const app = await startHttpApp({ ...deps, useCases });
    try {
      const res = await fetch(`${app.baseUrl}${TX}`, {
        headers: { authorization: `Bearer ${merchantToken}`, 'x-request-id': 'req-503' },
      });
      expect(res.status).to.equal(503);
      expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
      const body = await res.text();
      expect(JSON.parse(body)).to.deep.equal({
        success: false,
        message: 'Service temporarily unavailable; no money moved. Please retry.',
        fatal: true,
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(body).to.not.include('exploded');
      await fetch(
        `${app.baseUrl}/v1/ext/application-token/apptok_secret_value_123/linked-accounts/USD/link/paypal/1`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        },
      );
    } finally {
      await app.close();
    }
    const failure = lines.find((l) => l.msg === 'unhandled error');
    expect(failure?.requestId).to.equal('req-503');
    const all = JSON.stringify(lines);
    expect(all).to.not.include(merchantToken);
    expect(all).to.not.include('apptok_secret_value_123');
    expect(all).to.include('/application-token/[REDACTED]/');
    expect(lines.filter((l) => l.msg === 'request' || l.msg === 'request failed')).to.have.length(2);
  });

  it('below info, logs the failed requests only', async () => {
    const { lines, logger } = captureLogs('warn');
    const deps = inMemoryHttpDeps({ logger });
    const failing = { execute: async () => Promise.reject(new Error('boom')) };
    const app = await startHttpApp({ ...deps, useCases: { ...deps.useCases, getTransaction: failing } });
    try {
      expect((await fetch(`${app.baseUrl}/healthz`)).status).to.equal(200);
      const res = await fetch(`${app.baseUrl}${TX}`, {
        headers: { authorization: `Bearer ${merchantToken}` },
      });
      expect(res.status).to.equal(503);
    } finally {
      await app.close();
    }
    const requests = lines.filter((l) => l.msg === 'request' || l.msg === 'request failed');
    expect(requests.map((l) => [l.msg, l.status, l.path])).to.deep.equal([['request failed', 503, TX]]);
  });

  it('redacts credentials and account numbers in logged objects', () => {
    const { lines, logger } = captureLogs();
    logger.info({
      req: { headers: { authorization: 'Bearer abc.def.ghi' } },
      destination: { accountNumber: '000123456789', cardNumber: '4111111111111111' },
      secret: 'whsec_x',
    });
    const all = JSON.stringify(lines);
    for (const leaked of ['abc.def.ghi', '000123456789', '4111111111111111', 'whsec_x'])
      expect(all).to.not.include(leaked);
  });

  it('/readyz is 503 naming the dependency that is down', async () => {
    const app = await startHttpApp(
      inMemoryHttpDeps({
        readiness: async () => ({ postgres: { ok: true }, redis: { ok: false, detail: 'ECONNREFUSED' } }),
      }),
    );
    try {
      const res = await fetch(`${app.baseUrl}/readyz`);
      expect(res.status).to.equal(503);
      const report = (await res.json()) as { checks: Record<string, unknown> };
      expect(report.checks.redis).to.deep.equal({ ok: false, detail: 'ECONNREFUSED' });
    } finally {
      await app.close();
    }
  });

  it('keys the rate limit on the forwarded client IP only when trust proxy says so', async () => {
    const consumed: string[] = [];
    const limiter = {
      consume: async (key: string) => {
        consumed.push(key);
        return { allowed: false, retryAfterSeconds: 7 };
      },
    };
    const token = mintHarnessToken({
      sub: 'u',
      scope: 'external.apis',
      merchant_id: MERCHANT,
      entity_id: ENTITY.toUpperCase(),
    });
    for (const trustProxy of [true, false]) {
      const app = await startHttpApp(inMemoryHttpDeps({ withdrawalRateLimiter: limiter, trustProxy }));
      try {
        const res = await fetch(`${app.baseUrl}/v1/ext/linked-accounts/USD/x/withdrawal`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' },
        });
        expect(res.status).to.equal(429);
        expect(res.headers.get('retry-after')).to.equal('7');
      } finally {
        await app.close();
      }
    }
    expect(consumed, 'the entity id in its one spelling').to.deep.equal([
      `withdrawal:${ENTITY}:203.0.113.9`,
      `withdrawal:${ENTITY}:127.0.0.1`,
    ]);
  });
});
