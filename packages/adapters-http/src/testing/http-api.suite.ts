import { ApiClient } from './api-client.js';
import { authSuite } from './auth.suite.js';
import { bodySuite } from './body.suite.js';
import { canonicalIdsSuite } from './canonical-ids.suite.js';
import type { HttpHarness, MakeHttpHarness } from './http-harness.js';
import { investigationSuite } from './investigation.suite.js';
import { linkSuite } from './link.suite.js';
import { listSuite } from './list.suite.js';
import { lookupSuite } from './lookup.suite.js';
import { operatorSuite } from './operator.suite.js';
import { rateLimitSuite } from './rate-limit.suite.js';
import { transportSuite } from './transport.suite.js';
import { withdrawalSuite } from './withdrawal.suite.js';

/**
 * The HTTP behaviour suite of issue 4 item 8, as a function of a harness: this package runs it over the
 * in-memory domain, packages/app over PostgreSQL and Redis. Every test seeds its own merchant and entities
 * through the operator API, so tests do not share rate-limit keys or balances.
 */
export function httpApiSuite(makeHarness: MakeHttpHarness, title = 'HTTP API'): void {
  describe(title, function () {
    this.timeout(30_000);
    let harness: HttpHarness | undefined;
    let client: ApiClient | undefined;
    const api = (): ApiClient => {
      if (!client) throw new Error('the harness did not start');
      return client;
    };

    before(async () => {
      harness = await makeHarness();
      client = new ApiClient(harness);
    });

    after(async () => {
      await harness?.close();
    });

    withdrawalSuite(api);
    linkSuite(api);
    lookupSuite(api);
    listSuite(api);
    operatorSuite(api);
    investigationSuite(api);
    authSuite(api);
    rateLimitSuite(api);
    canonicalIdsSuite(api);
    transportSuite(api);
    bodySuite(api);
  });
}
