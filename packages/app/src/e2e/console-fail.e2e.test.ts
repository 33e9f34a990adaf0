import { BrowserPage, chromiumMissing, HeadlessChromium } from '@payout/adapters-http/testing';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { DATABASE, type Database } from '../container/postgres.module.js';
import { TOKENS } from '../container/tokens.js';
import { type ApiServiceFixture, startApiService } from '../service/api-service.fixture.js';

const OPERATOR = 'console-reconciler';

/**
 * Failing by hand from the console, in a real headless Chromium against the API on PostgreSQL with no worker: a
 * `.99` payout's first attempt finds its rail unavailable and, with nobody to retry it, stays debited and taken by
 * no rail. The console refuses to fail it while an attempt may be waiting for its answer, and fails it with its
 * debit reversed once none can be (the service's clock moved a minute on).
 */
describe('e2e: failing an unanswered payout from the operator console', function () {
  this.timeout(60_000);
  let fixture: ApiServiceFixture;
  let browser: HeadlessChromium;
  let page: BrowserPage;
  const clock = new ManualClock(new Date());

  before(async () => {
    expect(chromiumMissing()).to.equal(null);
    fixture = await startApiService('console_fail_e2e', {}, async (container) => {
      (await container.rebind(TOKENS.clock)).toConstantValue(clock);
    });
    browser = HeadlessChromium.launch();
    page = await BrowserPage.open(browser);
  });

  after(async () => {
    await browser?.close();
    await fixture?.stop();
  });

  afterEach(async () => {
    // Chromium reports every refused fetch; the refusal the test asks for is the one allowed.
    const problems = (await page.problems()).filter((line) => !line.includes('status of 409 (Conflict)'));
    expect(problems).to.deep.equal([]);
  });

  it('refuses while an attempt may be under way, then fails it and reverses the debit', async () => {
    const { entity, accountId } = await fixture.api.payer('bank', '100.00');
    const created = await fixture.api.withdraw(entity, accountId, { amount: 20.99, walletType: 'SPEND' });
    expect(created.json.data?.status, JSON.stringify(created.json)).to.equal('PENDING');
    const id = created.json.data.id as string;
    const operator = fixture.api.operatorToken(OPERATOR);
    const view = async () =>
      (await fixture.api.request('GET', `/v1/operator/withdrawals/${id}`, { token: operator })).json.data;
    const balance = async () =>
      (await fixture.api.request('GET', `/v1/wallets/${entity.walletId}`, { token: operator })).json.data
        .balance as string;
    const debited = await balance();

    await page.goto(`${fixture.service.url}/console`);
    await page.type(operator);
    await page.press('Enter');
    await page.waitFor(`!document.querySelector('#signed-in').hidden`);
    await page.focus('#open-id');
    await page.type(id);
    await page.press('Enter');
    const action = `#timeline [data-fail="${id}"]`;
    await page.waitFor(`document.querySelector('${action} button')`);
    await page.focus(`${action} input`);
    await page.type('Provider holds no payout for the key');
    await page.click(`${action} button`);
    await page.waitFor(`document.querySelector('#status').textContent.includes('CONFLICT')`);
    expect((await view()).status).to.equal('PENDING');
    expect(await balance()).to.equal(debited);

    // The attempt's retry came due a minute ago with no worker on it: no answer can still be on its way.
    clock.advance(60_000);
    // The simulated rail cannot be asked for a payout: the operator's word, said explicitly here.
    await page.click(`#fail-force-${id}`);
    await page.click(`${action} button`);
    await page.waitFor(`document.querySelector('#status').textContent.startsWith('Withdrawal ${id} failed')`);
    expect(await page.text(`#timeline [data-facts="${id}"]`)).to.match(/status\s*FAILED/);
    expect(await page.evaluate(`document.querySelector('${action}') === null`)).to.equal(true);
    expect(await page.text('#timeline')).to.match(/WITHDRAWAL_REVERSAL/);

    const failed = await view();
    expect(failed.history.at(-1)).to.include({
      status: 'FAILED',
      decidedBy: OPERATOR,
      decisionReason: 'Provider holds no payout for the key',
    });
    expect(await balance()).to.equal('100.00');
    const audit = await fixture.api.request('GET', `/v1/operator/audit-log?subjectId=${id}`, {
      token: operator,
    });
    expect(audit.json.data[0].changes).to.include({ noPayoutConfirmedBy: 'operator' });
    expect(audit.json.data[0]).to.include({ action: 'WITHDRAWAL_FAILED', actor: OPERATOR });
    expect(await page.evaluate(`document.querySelector('[data-accepted-after-failing]') === null`)).to.equal(
      true,
    );
  });

  it('brings the next attempt of a payout waiting out its backoff forward to now, audited', async () => {
    const { entity, accountId } = await fixture.api.payer('bank', '100.00');
    const created = await fixture.api.withdraw(entity, accountId, { amount: 40.99, walletType: 'SPEND' });
    const id = created.json.data.id as string;
    clock.advance(60_000);
    await page.evaluate(`document.querySelector('#open-id').value = ''`);
    await page.focus('#open-id');
    await page.type(id);
    await page.press('Enter');
    await page.waitFor(`document.querySelector('#timeline [data-check="${id}"] button')`);
    await page.click(`#timeline [data-check="${id}"] button`);
    await page.waitFor(`document.querySelector('#status').textContent.startsWith('Withdrawal ${id} due')`);
    const token = fixture.api.operatorToken(OPERATOR);
    const view = await fixture.api.request('GET', `/v1/operator/withdrawals/${id}`, { token });
    expect(view.json.data.railFacts.nextCheckAt).to.equal(clock.now().toISOString());
    const audit = await fixture.api.request('GET', `/v1/operator/audit-log?subjectId=${id}`, { token });
    expect(audit.json.data[0]).to.include({ action: 'WITHDRAWAL_CHECK_REQUESTED', actor: OPERATOR });
  });

  it('finds the unresolved payouts with the search box, and only them', async () => {
    const merchant = await fixture.api.merchant();
    const { entity, accountId } = await fixture.api.payer('bank', '100.00', merchant);
    const unanswered = await fixture.api.withdraw(entity, accountId, { amount: 20.99, walletType: 'SPEND' });
    const id = unanswered.json.data.id as string;
    const other = await fixture.api.payer('bank', '100.00', merchant);
    const taken = await fixture.api.withdraw(other.entity, other.accountId, {
      amount: 20,
      walletType: 'SPEND',
    });
    expect(taken.status).to.equal(200);
    // Thirty attempts unanswered, as a worker retrying for hours would leave it.
    const { knex } = await fixture.service.container.getAsync<Database>(DATABASE);
    await knex('withdrawals').where({ id }).update({ submit_attempts: 30 });

    await page.evaluate(`document.querySelector('#search-merchant').value = '${merchant.id}'`);
    await page.click('#search-unresolved');
    await page.click('#search button[type="submit"]');
    await page.waitFor(`document.querySelector('#search-list tr[data-withdrawal="${id}"]')`);
    expect(
      await page.evaluate(`document.querySelectorAll('#search-list tr[data-withdrawal]').length`),
    ).to.equal(1);
    // The provider answers again: every payout listed is due now, each checked (and audited) on its own.
    clock.advance(60_000);
    await page.click('#search-list button[aria-label="Check every listed withdrawal now"]');
    await page.waitFor(`document.querySelector('#status').textContent === '1 of 1 due for their check now.'`);
    const token = fixture.api.operatorToken(OPERATOR);
    const view = await fixture.api.request('GET', `/v1/operator/withdrawals/${id}`, { token });
    expect(view.json.data.railFacts.nextCheckAt).to.equal(clock.now().toISOString());
    await page.click('#search-unresolved');
  });

  it('warns on the timeline of a failed payout that a rail accepted afterwards', async () => {
    const { entity, accountId } = await fixture.api.payer('bank', '100.00');
    const created = await fixture.api.withdraw(entity, accountId, { amount: 30.99, walletType: 'SPEND' });
    const id = created.json.data.id as string;
    clock.advance(60_000);
    const failed = await fixture.api.request('POST', `/v1/operator/withdrawals/${id}/fail`, {
      token: fixture.api.operatorToken(OPERATOR),
      body: {},
    });
    expect(failed.status, JSON.stringify(failed.json)).to.equal(200);
    // What the worker records when an attempt held up past its lease comes back accepted (rail-dispatcher.ts).
    const { knex } = await fixture.service.container.getAsync<Database>(DATABASE);
    await knex('withdrawals').where({ id }).update({ rail_reference: 'ach_late_7' });

    await page.evaluate(`document.querySelector('#open-id').value = ''`);
    await page.focus('#open-id');
    await page.type(id);
    await page.press('Enter');
    const warning = `#timeline [data-accepted-after-failing="${id}"]`;
    await page.waitFor(`document.querySelector('${warning}')`);
    expect(await page.text(warning))
      .to.include('ach_late_7')
      .and.include('Reconcile it with the provider');
  });
});
