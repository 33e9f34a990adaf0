import { readFileSync } from 'node:fs';
import { RAIL_IDS, type RailId, type RailRegistry } from '@payout/domain';
import { InMemoryRailStepStore, ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { configFor, INCREASE_CARD_ENV } from '../config/config.fixture.js';
import { railsFor } from './rails.binding.js';

const DOC = new URL('../../../../docs/returns.md', import.meta.url);
const DAY_MS = 24 * 3_600_000;

/** Each provider on every rail it serves, with the variables it needs (sandbox values). */
const PROVIDERS: Readonly<Record<string, Record<string, string>>> = {
  simulated: { APP_ENV: 'test' },
  increase: {
    ...INCREASE_CARD_ENV,
    INCREASE_ACCOUNT_ID: 'account_1',
    RAILS: 'ACH=increase,RTP=increase,WIRE=increase,PUSH_TO_CARD=increase',
  },
  modern_treasury: {
    MODERN_TREASURY_API_KEY: 'key',
    MODERN_TREASURY_ORGANIZATION_ID: 'org',
    MODERN_TREASURY_ORIGINATING_ACCOUNT_ID: 'internal-account',
    RAILS:
      'ACH=modern_treasury,RTP=modern_treasury,WIRE=modern_treasury,SWIFT=modern_treasury,PUSH_TO_CARD=modern_treasury',
  },
  paypal: {
    PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com',
    PAYPAL_CLIENT_ID: 'id',
    PAYPAL_CLIENT_SECRET: 'secret',
    RAILS: 'PAYPAL=paypal,VENMO=paypal',
  },
  wise: { WISE_API_TOKEN: 'token', WISE_PROFILE_ID: '16313153', RAILS: 'SWIFT=wise' },
};

interface Row {
  readonly provider: string;
  readonly rail: string;
  readonly window: string;
}

/** The rows of the windows table: provider and rail in backticks (or "every rail"), and the window cell. */
function windowRows(): Row[] {
  const rows: Row[] = [];
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const provider = /^`([a-z_]+)`$/.exec(cells[1] ?? '')?.[1];
    const rail = /^`([A-Z_]+)`$/.exec(cells[2] ?? '')?.[1] ?? (cells[2] === 'every rail' ? '*' : undefined);
    if (provider && rail) rows.push({ provider, rail, window: cells[3] ?? '' });
  }
  return rows;
}

const railsOf = (provider: string): RailRegistry =>
  railsFor(configFor({ APP_ENV: 'test', ...PROVIDERS[provider] }), {
    clock: new ManualClock(),
    steps: new InMemoryRailStepStore(),
  });

/** The rails a provider serves as the service binds it (everything but the simulated ones it replaces). */
const servedBy = (provider: string, rails: RailRegistry): RailId[] =>
  RAIL_IDS.filter((id) => rails.isEnabled(id) && rails.get(id).provider === provider);

describe('the return windows of docs/returns.md', () => {
  const rows = windowRows();

  it('has a row for every rail each provider serves, and only those', () => {
    for (const provider of Object.keys(PROVIDERS)) {
      const documented = rows.filter((row) => row.provider === provider).map((row) => row.rail);
      const served = servedBy(provider, railsOf(provider));
      expect(documented.includes('*') ? served : documented.sort(), provider).to.deep.equal(served.sort());
    }
  });

  for (const row of windowRows())
    it(`${row.provider} ${row.rail}: ${row.window}`, () => {
      const rails = railsOf(row.provider);
      for (const id of row.rail === '*' ? servedBy(row.provider, rails) : [row.rail as RailId]) {
        const rail = rails.get(id);
        expect(rail.provider, id).to.equal(row.provider);
        const days = /^(\d+) days$/.exec(row.window)?.[1];
        if (days) expect(rail.returnWindowMs, id).to.equal(Number(days) * DAY_MS);
        else if (row.window === 'not watched') expect(rail.returnWindowMs, id).to.equal(0);
        // The sandbox's `.98` return comes one settlement delay after settlement: the watch outlasts it.
        else if (row.window === 'until the return') expect(rail.returnWindowMs, id).to.be.above(0);
        else expect.fail(`${row.provider} ${id}: a window of "${row.window}" is not one this test reads`);
      }
    });
});
