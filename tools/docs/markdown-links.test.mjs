import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { anchorsOf, brokenLinks, documentationFiles, relativeLinks } from './markdown-links.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

describe('the documentation links', () => {
  it('leads every relative link of the README and docs/ to a file that exists, and to a heading it has', () => {
    const files = documentationFiles(ROOT);
    expect(files.map((file) => file.slice(ROOT.length + 1))).to.include.members([
      'README.md',
      'docs/README.md',
      'docs/configuration.md',
    ]);
    expect(brokenLinks(ROOT, files)).to.deep.equal([]);
  });

  it('finds a link to a missing file, and to a heading its page does not have', () => {
    const root = mkdtempSync(join(tmpdir(), 'doc-links-'));
    try {
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'docs', 'page.md'), '# A page\n\n## `npm run listen`: see the webhooks\n');
      writeFileSync(
        join(root, 'README.md'),
        [
          'See [the page](docs/page.md), [its section](docs/page.md#npm-run-listen-see-the-webhooks),',
          '[a site](https://example.com/missing.md) and `[code](missing.md)`.',
          'But [this](docs/gone.md) and [that](docs/page.md#nowhere) lead nowhere.',
          '```',
          '[inside a code block](missing.md)',
          '```',
        ].join('\n'),
      );
      expect(brokenLinks(root, documentationFiles(root))).to.deep.equal([
        'README.md:3: docs/gone.md (no such file)',
        'README.md:3: docs/page.md#nowhere (no heading with that anchor)',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('names headings as GitHub anchors them, a repeated one numbered', () => {
    expect([
      ...anchorsOf(
        '## 4. Linked accounts and rails\n## Operator API (scope `operator`)\n## Notes\n## Notes\n',
      ),
    ]).to.deep.equal(['4-linked-accounts-and-rails', 'operator-api-scope-operator', 'notes', 'notes-1']);
    expect(relativeLinks('[a](b.md "title")').map((link) => link.target)).to.deep.equal(['b.md']);
  });
});
