import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { expect } from 'chai';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGE = resolve(ROOT, 'docs/architecture.md');

/** The numbered steps of the withdrawal's path: `N. [name](../path): what it does.` */
const stepsOf = (text) =>
  [...text.matchAll(/^(\d+)\. \[([^\]]+)\]\(\.\.\/([^)]+)\)/gm)].map(([, number, name, path]) => ({
    number: Number(number),
    name,
    path,
  }));

describe("docs/architecture.md: a withdrawal's path", () => {
  const text = readFileSync(PAGE, 'utf8');
  const steps = stepsOf(text);

  it('numbers its steps 1, 2, 3 … and states how many files they are', () => {
    expect(steps.length).to.be.greaterThan(0);
    expect(steps.map((step) => step.number)).to.deep.equal(steps.map((_, i) => i + 1));
    expect(text).to.include(`**${steps.length} files**`);
  });

  it('names each file once, by its own name, and every one exists', () => {
    expect(steps.filter((step) => step.name !== basename(step.path))).to.deep.equal([]);
    expect(new Set(steps.map((step) => step.path)).size).to.equal(steps.length);
    expect(
      steps.filter((step) => !existsSync(resolve(ROOT, step.path))).map((step) => step.path),
    ).to.deep.equal([]);
  });

  it('names only paths that exist in its prose too', () => {
    const named = [...text.matchAll(/`((?:packages|tools)\/[^`\s]+)`/g)].map(([, path]) => path);
    expect(named.filter((path) => !existsSync(resolve(ROOT, path)))).to.deep.equal([]);
  });
});
