import { BrowserPage, chromiumMissing, HeadlessChromium } from '@payout/adapters-http/testing';
import { expect } from 'chai';
import { type ApiServiceFixture, startApiService } from '../../service/api-service.fixture.js';

/** The API and workers on a database of their own, and a Chromium page, for one console suite. */
export interface ConsoleSession {
  readonly fixture: ApiServiceFixture;
  readonly page: BrowserPage;
}

/**
 * Registers, in the calling `describe`, the hooks of a console suite: the service with `env` (every process role,
 * the simulated ACH settling at once, no rate limit in the way) and a headless Chromium page before its tests,
 * both stopped after them, and no console error or failed request on the page after each test.
 */
export function consoleSession(
  databaseName: string,
  env: Readonly<Record<string, string>> = {},
): () => ConsoleSession {
  let fixture: ApiServiceFixture | undefined;
  let browser: HeadlessChromium | undefined;
  let page: BrowserPage | undefined;

  before(async () => {
    expect(chromiumMissing()).to.equal(null);
    fixture = await startApiService(databaseName, {
      WITHDRAWAL_RATE_LIMIT_PER_MINUTE: '1000',
      PROCESS_ROLE: 'all',
      RAIL_DELAYS_MS: 'ACH=100',
      ...env,
    });
    browser = HeadlessChromium.launch();
    page = await BrowserPage.open(browser);
  });

  after(async () => {
    await browser?.close();
    await fixture?.stop();
  });

  afterEach(async () => {
    expect(await page?.problems()).to.deep.equal([]);
  });

  return () => {
    if (!fixture || !page) throw new Error('the console session has not started');
    return { fixture, page };
  };
}
