import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';

const DIRECTORY = new URL('../../docs/decisions/', import.meta.url);
const records = readdirSync(DIRECTORY)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort();
const index = readFileSync(new URL('README.md', DIRECTORY), 'utf8');

describe('docs/decisions', () => {
  it('numbers each record once, its title starting with its number', () => {
    const numbers = records.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size, 'one record per number').to.equal(numbers.length);
    for (const name of records)
      expect(readFileSync(new URL(name, DIRECTORY), 'utf8').split('\n')[0], name).to.match(
        new RegExp(`^# ${name.slice(0, 4)} `),
      );
  });

  it('lists every record in its README, and nothing that is not one', () => {
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect([...new Set(linked)].sort()).to.deep.equal(records);
  });
});
