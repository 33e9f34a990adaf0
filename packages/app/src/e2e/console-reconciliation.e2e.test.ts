import type { BrowserPage } from '@payout/adapters-http/testing';
import type { ReconciliationRun } from '@payout/domain';
import { expect } from 'chai';
import { TOKENS } from '../container/tokens.js';
import type { ApiServiceFixture } from '../service/api-service.fixture.js';
import { consoleSession } from './support/console-session.js';
import { eventually } from './support/eventually.js';

const OPERATOR = 'console-reconciler';

/**
 * Reconciliation from the operator console, in a real headless Chromium against the API and workers on PostgreSQL
 * with the simulated rails: a `.81` payout settles, and the simulated provider's book holds it a dollar more; the
 * day's run opens an AMOUNT_MISMATCH. The console lists it with both sides' amounts, resolves it with a reason,
 * and the API and the audit log show the resolution by the operator; the run's lines and the merchant's withdrawals
 * download as CSV.
 */
describe('e2e: resolving a reconciliation exception from the operator console', function () {
  this.timeout(90_000);
  const session = consoleSession('console_reconciliation_e2e', { RECONCILIATION_CRON: 'off' });
  let fixture: ApiServiceFixture;
  let page: BrowserPage;

  beforeEach(() => {
    ({ fixture, page } = session());
  });

  it('shows the open exception with its evidence, resolves it, and the API and audit log agree', async () => {
    const operator = fixture.api.operatorToken(OPERATOR);
    const { merchant, entity, accountId } = await fixture.api.payer('bank', '100.00');
    const made = await fixture.api.withdraw(entity, accountId, { amount: 25.81, walletType: 'SPEND' });
    const withdrawalId = made.json.data.id as string;
    await eventually(
      'the .81 payout settled',
      async () => {
        const read = await fixture.api.request('GET', `/v1/operator/withdrawals/${withdrawalId}`, {
          token: operator,
        });
        return read.json.data?.status === 'SUCCESS' ? true : undefined;
      },
      30_000,
    );
    const { reconcileProviderDay } = await fixture.service.container.getAsync(TOKENS.useCases);
    const result = await reconcileProviderDay.execute('simulated', new Date().toISOString().slice(0, 10));
    if (!result.ok) throw new Error(result.error.message);
    const run: ReconciliationRun = result.value;
    expect(run.exceptions.AMOUNT_MISMATCH).to.equal(1);

    await page.resize(1024, 800);
    await page.goto(`${fixture.service.url}/console`);
    await page.type(operator);
    await page.press('Enter');
    await page.waitFor(`!document.querySelector('#signed-in').hidden`);
    await page.click('#exceptions-search button[type="submit"]');
    const card = `#exceptions-list article[data-type="AMOUNT_MISMATCH"]`;
    await page.waitFor(`document.querySelector('${card}')`);
    const exceptionId = await page.evaluate<string>(`document.querySelector('${card}').dataset.exception`);
    const shown = (await page.text(card)) ?? '';
    expect(shown)
      .to.include(withdrawalId)
      .and.include('25.81')
      .and.include('26.81')
      .and.include('ACKNOWLEDGE');
    expect(
      await page.evaluate('document.documentElement.scrollWidth'),
      'no wider than the window',
    ).to.be.at.most(1024);

    await page.focus(`${card} input`);
    await page.type('The provider corrected the amount on its side');
    await page.click(`${card} button[aria-label^="Resolve"]`);
    await page.waitFor(
      `document.querySelector('#status').textContent === 'Exception ${exceptionId} resolved: ACKNOWLEDGE.'`,
    );
    await page.waitFor(`document.querySelector('${card}') === null`);

    const resolved = await fixture.api.request(
      'GET',
      '/v1/operator/reconciliation/exceptions?state=resolved',
      {
        token: operator,
      },
    );
    expect(resolved.json.data.map((e: { id: string }) => e.id)).to.deep.equal([exceptionId]);
    expect(resolved.json.data[0].resolution).to.deep.include({
      action: 'ACKNOWLEDGE',
      by: OPERATOR,
      reason: 'The provider corrected the amount on its side',
    });
    const audit = await fixture.api.request('GET', `/v1/operator/audit-log?subjectId=${exceptionId}`, {
      token: operator,
    });
    expect(audit.json.data.map((e: { action: string; actor: string }) => [e.action, e.actor])).to.deep.equal([
      ['RECONCILIATION_EXCEPTION_RESOLVED', OPERATOR],
    ]);

    await page.click('#runs-load');
    await page.waitFor(`document.querySelector('#runs-list tr[data-run="${run.id}"]')`);
    expect(await page.text(`#runs-list tr[data-run="${run.id}"]`)).to.include('AMOUNT_MISMATCH 1');
    expect(await page.evaluate('document.documentElement.scrollWidth'), 'with the runs').to.be.at.most(1024);
    await page.click(`#runs-list tr[data-run="${run.id}"] button`);
    await page.waitFor(
      `document.querySelector('#status').textContent === 'Downloaded reconciliation-simulated-${run.day}-${run.id}.csv (${run.records} rows).'`,
    );

    await page.evaluate(`(() => {
      document.querySelector('#report-from').value = '${run.day}';
      document.querySelector('#report-to').value = '${run.day}';
      document.querySelector('#report-merchant').value = '${merchant.id}';
    })()`);
    await page.click('#report-withdrawals button[type="submit"]');
    await page.waitFor(
      `document.querySelector('#status').textContent === 'Downloaded withdrawals-${merchant.id}-${run.day}-to-${run.day}.csv (1 rows).'`,
    );
  });
});
