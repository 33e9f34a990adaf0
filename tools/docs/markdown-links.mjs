// The relative links of the documentation a user reads, and whether each one leads somewhere: the file (or folder)
// it names exists and, when it names a heading (`page.md#heading`), that page has the heading.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** README.md, CONTRIBUTING.md and the other Markdown files at the root, and every Markdown file under docs/. */
export function documentationFiles(root) {
  const atRoot = readdirSync(root).filter((name) => name.endsWith('.md'));
  const under = (folder) =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return under(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  return [...atRoot.map((name) => join(root, name)), ...under(join(root, 'docs'))];
}

/** The text outside fenced code blocks and inline code, line by line (code may show link syntax as it is). */
function prose(text) {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces made hyphens. */
export function headingAnchor(heading) {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page's headings make; a repeated heading gets -1, -2 … as GitHub numbers them. */
export function anchorsOf(text) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The inline links `[text](target)` of a Markdown text whose target is not a URL with a scheme. */
export function relativeLinks(text) {
  const links = [];
  prose(text).forEach((line, index) => {
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1];
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ line: index + 1, target });
    }
  });
  return links;
}

/** `file:line: target (why)` for each relative link of `files` that leads nowhere. */
export function brokenLinks(root, files) {
  const broken = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const { line, target } of relativeLinks(text)) {
      const [path, anchor] = target.split('#');
      const destination = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
      const where = `${relative(root, file)}:${line}: ${target}`;
      if (!existsSync(destination)) broken.push(`${where} (no such file)`);
      else if (anchor !== undefined && statSync(destination).isFile() && destination.endsWith('.md')) {
        if (!anchorsOf(readFileSync(destination, 'utf8')).has(anchor))
          broken.push(`${where} (no heading with that anchor)`);
      }
    }
  }
  return broken;
}
