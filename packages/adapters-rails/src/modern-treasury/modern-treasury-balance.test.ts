import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import nock from 'nock';
import { balanceReport, reportedBalance } from '../testing/objects/modern-treasury.objects.js';
import { useNock } from '../testing/use-nock.js';
import { API_KEY, ORIGINATING_ACCOUNT_ID, VALID_AUTHORIZATION } from './modern-treasury-api.fixture.js';
import { ModernTreasuryBalance } from './modern-treasury-balance.js';

const BASE_URL = 'https://app.moderntreasury.com';
const PATH = `/api/internal_accounts/${ORIGINATING_ACCOUNT_ID}/balance_reports/latest`;
const balance = () =>
  new ModernTreasuryBalance({
    organizationId: '4a2b6e5c-0f3d-4a57-9d3c-0c7b1f0e8a11',
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    internalAccountId: ORIGINATING_ACCOUNT_ID,
    timeoutMs: 2000,
    clock: new ManualClock(),
  });
type BalanceType = NonNullable<Parameters<typeof reportedBalance>[0]>['balance_type'];
const entry = (balance_type: BalanceType, amount: number) => reportedBalance({ balance_type, amount });
const report = (...balances: ReturnType<typeof reportedBalance>[]) =>
  balanceReport({ internal_account_id: ORIGINATING_ACCOUNT_ID, balances });

describe('ModernTreasuryBalance', () => {
  useNock();

  it("reads the latest balance report's current available balance, else its closing available one", async () => {
    nock(BASE_URL)
      .get(PATH)
      .matchHeader('authorization', VALID_AUTHORIZATION)
      .reply(200, report(entry('current_ledger', 900000), entry('current_available', 855012)))
      .get(PATH)
      .reply(200, report(entry('closing_ledger', 500000), entry('closing_available', 450000)));
    const [current, closing] = [await balance().read(), await balance().read()];
    expect(current.kind === 'READ' && current.available.toString()).to.equal('8550.12');
    expect(closing.kind === 'READ' && closing.available.toString()).to.equal('4500.00');
  });

  it('is unavailable when the report holds no available balance or Modern Treasury does not answer', async () => {
    nock(BASE_URL)
      .get(PATH)
      .reply(200, report(entry('current_ledger', 1)))
      .get(PATH)
      .reply(500);
    expect((await balance().read()).kind).to.equal('UNAVAILABLE');
    expect((await balance().read()).kind).to.equal('UNAVAILABLE');
  });
});
