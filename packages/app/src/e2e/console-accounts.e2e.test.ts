import type { BrowserPage } from '@payout/adapters-http/testing';
import { expect } from 'chai';
import type { ApiServiceFixture } from '../service/api-service.fixture.js';
import { consoleSession } from './support/console-session.js';
import { eventually } from './support/eventually.js';

const OPERATOR = 'console-reinstater';

/**
 * Dead accounts from the operator console, in a real headless Chromium against the API and workers on PostgreSQL
 * with the simulated rails: a `.98` ACH payout is returned R03 (account not found), which marks its account
 * unusable; the next withdrawal to it is refused with nothing debited. The console lists the account, shows it on
 * the returned withdrawal's timeline, and reinstates it; the audit log names the operator, and the next
 * withdrawal goes.
 */
describe('e2e: reinstating an unusable account from the operator console', function () {
  this.timeout(90_000);
  const session = consoleSession('console_accounts_e2e');
  let fixture: ApiServiceFixture;
  let page: BrowserPage;

  beforeEach(() => {
    ({ fixture, page } = session());
  });

  it('lists the account a return marked unusable, reinstates it, and the next withdrawal goes', async () => {
    const { entity, accountId } = await fixture.api.payer('bank', '100.00');
    const operator = fixture.api.operatorToken(OPERATOR);
    const returned = await fixture.api.withdraw(entity, accountId, { amount: 20.98, walletType: 'SPEND' });
    const id = returned.json.data.id as string;
    await eventually(
      'the .98 payout returned and its account marked unusable',
      async () => {
        const account = await fixture.api.request('GET', `/v1/operator/linked-accounts/${accountId}`, {
          token: operator,
        });
        return account.json.data?.unusable ?? undefined;
      },
      30_000,
    );
    const refused = await fixture.api.withdraw(entity, accountId, { amount: 10, walletType: 'SPEND' });
    expect(refused.status).to.equal(409);
    expect(refused.json.code).to.equal('LINKED_ACCOUNT_UNUSABLE');
    expect(await fixture.api.balance(entity.walletId)).to.equal('100.00');

    await page.goto(`${fixture.service.url}/console`);
    await page.type(operator);
    await page.press('Enter');
    await page.waitFor(`!document.querySelector('#signed-in').hidden`);
    await page.focus('#open-id');
    await page.type(id);
    await page.press('Enter');
    await page.waitFor(`document.querySelector('#timeline [data-unusable="${accountId}"]')`);
    expect(await page.text(`#timeline [data-unusable="${accountId}"]`)).to.include('code R03');

    await page.click('#accounts-load');
    const row = `#accounts-list tr[data-account="${accountId}"]`;
    await page.waitFor(`document.querySelector('${row}')`);
    expect(await page.text(row))
      .to.include('R03')
      .and.include(id);
    await page.focus(`${row} input`);
    await page.type('The customer reopened the account');
    await page.click(`${row} button`);
    await page.waitFor(
      `document.querySelector('#status').textContent === 'Linked account ${accountId} reinstated: withdrawals to it go again.'`,
    );
    await page.waitFor(`document.querySelector('${row}') === null`);

    const account = await fixture.api.request('GET', `/v1/operator/linked-accounts/${accountId}`, {
      token: operator,
    });
    expect(account.json.data.unusable).to.equal(null);
    const audit = await fixture.api.request('GET', `/v1/operator/audit-log?subjectId=${accountId}`, {
      token: operator,
    });
    expect(audit.json.data.map((e: { action: string; actor: string }) => [e.action, e.actor])).to.deep.equal([
      ['LINKED_ACCOUNT_REINSTATED', OPERATOR],
      ['LINKED_ACCOUNT_MARKED_UNUSABLE', 'provider:simulated'],
    ]);
    expect(audit.json.data[0].changes).to.include({ reason: 'The customer reopened the account' });
    const goes = await fixture.api.withdraw(entity, accountId, { amount: 10, walletType: 'SPEND' });
    expect(goes.status, JSON.stringify(goes.json)).to.equal(200);
  });
});
