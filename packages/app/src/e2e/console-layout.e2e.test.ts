import {
  BrowserPage,
  chromiumMissing,
  HeadlessChromium,
  type SeededEntity,
} from '@payout/adapters-http/testing';
import { expect } from 'chai';
import { type ApiServiceFixture, startApiService } from '../service/api-service.fixture.js';

/** Window widths of laptops, in CSS pixels. */
const LAPTOP_WIDTHS = [1024, 1280, 1440];

/** Each header word the page shows split over more than one line, as `header: word (n lines)`. */
const SPLIT_HEADER_WORDS = `[...document.querySelectorAll('th')].filter((th) => th.checkVisibility()).flatMap((th) => {
  const text = th.firstChild;
  if (!text || text.nodeType !== Node.TEXT_NODE) return [];
  return [...text.data.matchAll(/\\S+/g)].flatMap((word) => {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    return lines > 1 ? [th.textContent + ': ' + word[0] + ' (' + lines + ' lines)'] : [];
  });
})`;

const visible = (selector: string) => `document.querySelector(${JSON.stringify(selector)}).checkVisibility()`;

/**
 * What a person sees of the operator console, in a real headless Chromium against the service on PostgreSQL:
 * nothing that needs a sign-in before it, header words whole at a laptop's widths, and merchants and entities by
 * name with their ids as the names' titles.
 */
describe('e2e: the operator console as a person sees it', function () {
  this.timeout(90_000);
  let fixture: ApiServiceFixture;
  let browser: HeadlessChromium;
  let page: BrowserPage;
  let merchant: { id: string; name: string };
  let entity: SeededEntity;
  let held: string;
  /** An entity made with no external identifier: named by its email. */
  let unnamed: { id: string; email: string };

  const row = (id: string) => `tr[data-withdrawal="${id}"]`;

  before(async () => {
    expect(chromiumMissing()).to.equal(null);
    fixture = await startApiService('console_layout_e2e', {});
    const seeded = await fixture.api.merchant({ approvalThreshold: '100.00' });
    const token = fixture.api.operatorToken('layout-setup');
    const read = await fixture.api.request('GET', `/v1/operator/merchants/${seeded.id}`, { token });
    merchant = { id: seeded.id, name: read.json.data.name };
    const payer = await fixture.api.payer('bank', '1000.00', seeded);
    entity = payer.entity;
    const answer = await fixture.api.withdraw(entity, payer.accountId, { amount: 150, walletType: 'SPEND' });
    expect(answer.json.data?.status, JSON.stringify(answer.json)).to.equal('AWAITING_APPROVAL');
    held = answer.json.data.id;
    const email = 'no-external-id@example.com';
    const created = await fixture.api.request('POST', `/v1/operator/merchants/${seeded.id}/entities`, {
      token,
      body: { entityType: 'USER', email },
    });
    expect(created.status, JSON.stringify(created.json)).to.equal(201);
    unnamed = { id: created.json.data.id, email };
    browser = HeadlessChromium.launch();
    page = await BrowserPage.open(browser);
  });

  after(async () => {
    await browser?.close();
    await fixture?.stop();
  });

  afterEach(async () => {
    expect(await page.problems()).to.deep.equal([]);
  });

  const signIn = async () => {
    await page.focus('#token');
    await page.type(fixture.api.operatorToken('layout-operator'));
    await page.press('Enter');
    await page.waitFor(`document.querySelector('#queue-list ${row(held)}')`);
  };

  it('shows no navigation and no Sign out before sign-in, and hides them again on signing out', async () => {
    await page.resize(1280, 800);
    await page.goto(`${fixture.service.url}/console`);
    expect(await page.evaluate(visible('#sign-in'))).to.equal(true);
    for (const hidden of ['nav', '#sign-out', '#signed-in'])
      expect(await page.evaluate(visible(hidden)), hidden).to.equal(false);

    await signIn();
    for (const shown of ['nav', '#sign-out', '#signed-in'])
      expect(await page.evaluate(visible(shown)), shown).to.equal(true);
    expect(await page.evaluate(visible('#sign-in'))).to.equal(false);

    await page.click('#sign-out');
    await page.waitFor(`!${visible('nav')}`);
    expect(await page.evaluate(visible('#sign-out'))).to.equal(false);
    expect(await page.evaluate(visible('#sign-in'))).to.equal(true);
    await signIn();
  });

  it('names the merchant and the entity of a withdrawal, with each id as its title', async () => {
    const merchantCell = `#queue-list ${row(held)} td:nth-child(2) span`;
    expect(await page.text(merchantCell)).to.equal(merchant.name);
    expect(await page.evaluate(`document.querySelector('${merchantCell}').title`)).to.equal(merchant.id);

    await page.focus('#search-merchant');
    await page.type(merchant.id);
    await page.press('Enter');
    await page.waitFor(`document.querySelector('#search-list ${row(held)}')`);
    const cells = await page.evaluate<{ text: string; title: string }[]>(
      `[...document.querySelectorAll('#search-list ${row(held)} td:nth-child(n+5):nth-child(-n+6) span')]
        .map((span) => ({ text: span.textContent, title: span.title }))`,
    );
    expect(cells).to.deep.equal([
      { text: merchant.name, title: merchant.id },
      { text: await externalIdentifierOf(entity.id), title: entity.id },
    ]);

    await page.click(`#search-list ${row(held)} button`);
    await page.waitFor(`document.querySelector('#timeline [data-facts="${held}"]')`);
    const facts = (await page.text(`#timeline [data-facts="${held}"]`)) ?? '';
    expect(facts).to.include(`${merchant.name} (${merchant.id})`);
  });

  it("names a merchant's entity with no external identifier by its email", async () => {
    await page.click('#merchants-load');
    await page.waitFor(`document.querySelector('tr[data-merchant="${merchant.id}"] button')`);
    await page.click(`tr[data-merchant="${merchant.id}"] button`);
    const item = `li[data-entity="${unnamed.id}"]`;
    await page.waitFor(`document.querySelector('${item}')`);
    expect(await page.text(item)).to.include(`USER ${unnamed.email} (${unnamed.id})`);
  });

  it("keeps every header word whole at a laptop's widths", async () => {
    for (const width of LAPTOP_WIDTHS) {
      await page.resize(width, 800);
      expect(await page.evaluate<string[]>(SPLIT_HEADER_WORDS), `at ${width} px`).to.deep.equal([]);
      expect(await page.evaluate('document.querySelectorAll("th").length')).to.be.greaterThan(10);
      // ...and no table is pushed wider than the window for it.
      expect(await page.evaluate('document.documentElement.scrollWidth'), `at ${width} px`).to.be.at.most(
        width,
      );
    }
  });

  async function externalIdentifierOf(entityId: string): Promise<string> {
    const token = fixture.api.operatorToken('layout-reader');
    const { externalIdentifier } = (
      await fixture.api.request('GET', `/v1/operator/entities/${entityId}`, { token })
    ).json.data;
    expect(externalIdentifier).to.be.a('string');
    return externalIdentifier;
  }
});
