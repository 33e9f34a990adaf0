import { expect } from 'chai';
import { inMemoryHttpDeps, startHttpApp } from '../testing/in-memory-http.harness.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('GET /: where the reference and the console are', () => {
  let app: { baseUrl: string; close: () => Promise<void> };
  before(async () => {
    app = await startHttpApp(inMemoryHttpDeps());
  });
  after(() => app?.close());

  const get = (path: string, accept?: string) =>
    fetch(`${app.baseUrl}${path}`, accept === undefined ? {} : { headers: { accept } });
  const links = { docs: '/docs', console: '/console', openapi: '/openapi.json' };

  for (const accept of ['application/json', '*/*', undefined])
    it(`answers the links in the envelope to Accept: ${accept ?? '(none)'}`, async () => {
      const res = await get('/', accept);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      expect(res.headers.get('vary')).to.match(/accept/i);
      expect(await res.json()).to.deep.equal({ success: true, data: links });
    });

  it('answers a browser a page that links each of them', async () => {
    const res = await get('/', BROWSER);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/html/);
    const page = await res.text();
    for (const href of Object.values(links)) expect(page).to.include(`href="${href}"`);
  });

  it('keeps the 404 of every other unknown path, in a browser too', async () => {
    for (const path of ['/index.html', '/nowhere', '/docs/nowhere']) {
      const res = await get(path, BROWSER);
      expect(res.status, path).to.equal(404);
      expect(((await res.json()) as { code: string }).code, path).to.equal('ROUTE_NOT_FOUND');
    }
  });
});
