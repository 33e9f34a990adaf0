import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { expect } from 'chai';
import { documentationFiles } from './markdown-links.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

/** What a user reads: the README, CONTRIBUTING and docs/, but not the records (decisions, the specification). */
const userPages = () =>
  documentationFiles(ROOT)
    .map((file) => relative(ROOT, file))
    .filter((file) => !file.endsWith('CHANGELOG.md'))
    .filter(
      (file) => ![`docs${sep}decisions${sep}`, `docs${sep}spec${sep}`].some((dir) => file.startsWith(dir)),
    );

/** References a reader cannot follow: section signs, numbered endpoints, migrations and decisions by number. */
const INTERNAL = [/§/, /\bendpoints? \d/i, /\bmigrations? \d{4}\b/i, /\bdecisions? \d{4}\b/i];

/** A table row longer than this is not read, it is scrolled. */
const TABLE_ROW_MAX = 250;

const offending = (test) =>
  userPages().flatMap((file) =>
    readFileSync(resolve(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (test(line) ? [`${file}:${index + 1}: ${line.slice(0, 80)}`] : [])),
  );

describe('the pages a user reads', () => {
  it('name what they refer to, not a number only the authors know', () => {
    expect(userPages()).to.include.members(['README.md', 'docs/README.md', 'docs/operating.md']);
    expect(offending((line) => INTERNAL.some((pattern) => pattern.test(line)))).to.deep.equal([]);
  });

  it(`keep table rows readable, at most ${TABLE_ROW_MAX} characters`, () => {
    expect(offending((line) => /^\s*\|/.test(line) && line.length > TABLE_ROW_MAX)).to.deep.equal([]);
  });

  it('keep the README a front page of about 250 lines', () => {
    expect(readFileSync(resolve(ROOT, 'README.md'), 'utf8').split('\n').length).to.be.at.most(260);
  });
});
