import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BrowserPage,
  chromiumMissing,
  HeadlessChromium,
  type SeededEntity,
} from '@payout/adapters-http/testing';
import { Money } from '@payout/domain';
import { expect } from 'chai';
import { type ApiServiceFixture, startApiService } from '../service/api-service.fixture.js';
import { eventually } from './support/eventually.js';

const APPROVER = 'console-approver';

/**
 * The operator console in a real headless Chromium against the service on PostgreSQL: signed in with a pasted
 * operator token, it lists the held withdrawals and decides them from the page; the API then shows the effect
 * and the audit log names the approver; a withdrawal opens by id with its rail facts, and a delivery that a merchant's
 * endpoint refused is sent again from the failed-deliveries view. Any CSP violation, console error or uncaught
 * exception fails the test.
 */
describe('e2e: the operator console in headless Chromium', function () {
  this.timeout(90_000);
  let fixture: ApiServiceFixture;
  let browser: HeadlessChromium;
  let page: BrowserPage;
  let held: string[];
  let entity: SeededEntity;
  let merchantId: string;
  /** A merchant endpoint that refuses every delivery, so that its events end FAILED. */
  let refusing: Server;
  let refused = 0;

  const withdrawal = async (id: string) => {
    const answer = await fixture.api.request('GET', `/v1/transactions/${id}`, { token: entity.token });
    return answer.json.data;
  };
  const row = (id: string) => `tr[data-withdrawal="${id}"]`;

  before(async () => {
    expect(chromiumMissing()).to.equal(null);
    refusing = createServer((_req, res) => {
      refused += 1;
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    // Both held withdrawals come from one entity: the limiter must let the second through. Workers run too (the
    // rail and webhook deliveries), with one quick retry so that a refused delivery fails soon.
    fixture = await startApiService('console_e2e', {
      WITHDRAWAL_RATE_LIMIT_PER_MINUTE: '1000',
      PROCESS_ROLE: 'all',
      WEBHOOK_RETRY_SCHEDULE_MS: '100',
    });
    const merchant = await fixture.api.merchant({ approvalThreshold: '100.00' });
    merchantId = merchant.id;
    const payer = await fixture.api.payer('bank', '1000.00', merchant);
    entity = payer.entity;
    held = [];
    for (const amount of [150, 160]) {
      const answer = await fixture.api.withdraw(entity, payer.accountId, { amount, walletType: 'SPEND' });
      expect(answer.json.data?.status, JSON.stringify(answer.json)).to.equal('AWAITING_APPROVAL');
      held.push(answer.json.data.id);
    }
    browser = HeadlessChromium.launch();
    page = await BrowserPage.open(browser);
  });

  after(async () => {
    await browser?.close();
    await fixture?.stop();
    await new Promise((resolve) => refusing?.close(resolve));
  });

  afterEach(async () => {
    expect(await page.problems()).to.deep.equal([]);
    expect(browser.stderr).to.not.match(/Content Security Policy/i);
  });

  it('signs in with a pasted token, by keyboard, and lists the held withdrawals oldest first', async () => {
    await page.goto(`${fixture.service.url}/console`);
    expect(await page.focused()).to.equal('token');
    await page.type(fixture.api.operatorToken(APPROVER));
    await page.press('Enter');
    await page.waitFor(`document.querySelector('${row(held[1] as string)}')`);
    const queue = await page.evaluate<string[]>(
      `[...document.querySelectorAll('#queue-list tr[data-withdrawal]')].map((tr) => tr.dataset.withdrawal)`,
    );
    expect(queue).to.deep.equal(held);
    expect(await page.text(`${row(held[0] as string)} td:nth-child(7)`)).to.match(/^\d{4}-\d\d-\d\dT/);
    // The token is in this tab's session storage, never in its address.
    expect(await page.evaluate('location.href')).to.equal(`${fixture.service.url}/console`);
  });

  it('approves from the keyboard: the withdrawal moves and the audit log names the approver', async () => {
    const id = held[0] as string;
    await page.focus(`${row(id)} input`);
    await page.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).to.equal('Approve');
    await page.press('Enter');
    await page.waitFor(`!document.querySelector('${row(id)}')`);
    expect(await page.text('#status')).to.match(new RegExp(`Withdrawal ${id} approved: now `));

    expect((await withdrawal(id)).status).to.not.equal('AWAITING_APPROVAL');
    const audit = await fixture.api.request('GET', `/v1/operator/audit-log?subjectId=${id}`, {
      token: fixture.api.operatorToken('audit-reader'),
    });
    expect(audit.json.data).to.have.length(1);
    expect(audit.json.data[0]).to.include({ action: 'WITHDRAWAL_APPROVED', actor: APPROVER, subjectId: id });
  });

  it('rejects with a reason by click: FAILED, the reason in its history, the rejection audited', async () => {
    const id = held[1] as string;
    await page.focus(`${row(id)} input`);
    await page.type('Customer asked to cancel');
    await page.click(`${row(id)} button[aria-label^="Reject"]`);
    await page.waitFor(`!document.querySelector('${row(id)}')`);

    const rejected = await withdrawal(id);
    expect(rejected.status).to.equal('FAILED');
    expect(rejected.history.at(-1)).to.include({ decisionReason: 'Customer asked to cancel' });
    const audit = await fixture.api.request('GET', `/v1/operator/audit-log?subjectId=${id}`, {
      token: fixture.api.operatorToken('audit-reader'),
    });
    expect(audit.json.data[0]).to.include({ action: 'WITHDRAWAL_REJECTED', actor: APPROVER });
  });

  it('shows the timeline of a withdrawal found by search, and its audit entries', async () => {
    const id = held[0] as string;
    await page.focus('#search-merchant');
    await page.press('Enter');
    await page.waitFor(`document.querySelector('#search-list ${row(id)}')`);
    await page.click(`#search-list ${row(id)} button`);
    await page.waitFor(`document.querySelector('#timeline h3')?.textContent.includes('${id}')`);
    const timeline = (await page.text('#timeline')) ?? '';
    expect(timeline).to.include('AWAITING_APPROVAL');
    expect(timeline).to.include('Ledger postings');
    expect(timeline).to.match(/DEBIT/i);

    await page.focus('#audit-actor');
    await page.type(APPROVER);
    await page.press('Enter');
    await page.waitFor(`document.querySelectorAll('#audit-list tr[data-audit]').length === 2`);
    expect(await page.text('#audit-list')).to.include('WITHDRAWAL_APPROVED');
  });

  it("shows a merchant's entities with their wallet balances, and credits a wallet from its form", async () => {
    const balance = async () =>
      (
        await fixture.api.request('GET', `/v1/wallets/${entity.walletId}`, {
          token: fixture.api.operatorToken('wallet-reader'),
        })
      ).json.data.balance as string;
    const before = await balance();
    await page.focus('#merchants-load');
    await page.press('Enter');
    await page.waitFor(`document.querySelector('tr[data-merchant="${merchantId}"] button')`);
    await page.click(`tr[data-merchant="${merchantId}"] button`);
    const wallet = `.wallet[data-wallet="${entity.walletId}"]`;
    await page.waitFor(`document.querySelector('${wallet}')`);
    expect(await page.text(`${wallet} p`)).to.include(`balance ${before}`);

    await page.focus(`#credit-amount-${entity.walletId}`);
    await page.type('5.00');
    await page.press('Enter');
    await page.waitFor(`document.querySelector('#status').textContent.startsWith('Credited')`);
    const after = await balance();
    expect(after).to.equal(Money.of(before).plus(Money.of('5.00')).toString());
    expect(await page.text(`${wallet} p`)).to.include(`balance ${after}`);

    const entityItem = `li[data-entity="${entity.id}"]`;
    await page.click(`${entityItem} button[aria-label^="Linked accounts"]`);
    await page.waitFor(`document.querySelector('${entityItem} tr[data-account]')`);
    expect(await page.text(`${entityItem} tr[data-account]`)).to.match(/••••\d{4}/);
  });

  it('opens a withdrawal by id: its approver, rail attempts and provider reference', async () => {
    const id = held[0] as string;
    const token = fixture.api.operatorToken('investigator');
    const reference = await eventually(
      'the approved withdrawal accepted by its rail',
      async () =>
        (await fixture.api.request('GET', `/v1/operator/withdrawals/${id}`, { token })).json.data.railFacts
          .railReference ?? undefined,
      20_000,
    );
    await page.focus('#open-id');
    await page.type(id);
    await page.press('Enter');
    await page.waitFor(`document.querySelector('#timeline [data-facts="${id}"]')`);
    const facts = (await page.text(`#timeline [data-facts="${id}"]`)) ?? '';
    expect(facts).to.include('provider reference').and.include(reference);
    expect(facts, 'who took it at its debit').to.match(/provider\s*simulated/);
    expect(facts).to.include('submit attempts').and.include('decided by').and.include(APPROVER);
    expect(facts).to.match(/••••\d{4}/);
    expect(await page.text('#timeline')).to.match(/WITHDRAWAL_DEBIT/);
  });

  it('lists a delivery the merchant refused among failed deliveries and redelivers it from the page', async () => {
    const operator = fixture.api.operatorToken('webhook-setup');
    const merchant = await fixture.api.merchant();
    const endpoint = await fixture.api.request(
      'PUT',
      `/v1/operator/merchants/${merchant.id}/webhook-endpoint`,
      {
        token: operator,
        body: { url: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/hooks` },
      },
    );
    expect(endpoint.status, JSON.stringify(endpoint.json)).to.equal(200);
    const payer = await fixture.api.payer('bank', '100.00', merchant);
    const created = await fixture.api.withdraw(payer.entity, payer.accountId, {
      amount: 5,
      walletType: 'SPEND',
    });
    const transactionId = created.json.data.id;
    const failed = await eventually(
      'a refused delivery out of retries',
      async () =>
        (
          await fixture.api.request(
            'GET',
            `/v1/operator/webhook-deliveries?merchantId=${merchant.id}&outcome=FAILED`,
            { token: operator },
          )
        ).json.data[0],
      20_000,
      () => `refused ${refused} deliveries`,
    );
    expect(failed.transactionId).to.equal(transactionId);

    await page.focus('#deliveries-merchant');
    await page.type(merchant.id);
    await page.press('Enter');
    const row = `#deliveries-list tr[data-event="${failed.eventId}"]`;
    await page.waitFor(`document.querySelector('${row}')`);
    expect(await page.text(row))
      .to.include('FAILED')
      .and.include(transactionId);
    await page.click(`${row} button[aria-label^="Redeliver"]`);
    await page.waitFor(
      `document.querySelector('#status').textContent.startsWith('Event ${failed.eventId} queued')`,
    );

    const audit = await fixture.api.request('GET', `/v1/operator/audit-log?subjectId=${failed.eventId}`, {
      token: fixture.api.operatorToken('audit-reader'),
    });
    expect(audit.json.data[0]).to.include({ action: 'WEBHOOK_REDELIVERED', actor: APPROVER });
  });
});
