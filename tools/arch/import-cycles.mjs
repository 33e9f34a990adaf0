// Import circles between source files, type-only imports included: a circle makes load order matter and hides
// which file owns what. Relative imports only (packages import each other by name, and the package rules already
// forbid an adapter importing another).
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';

/** The file a relative specifier names: `./x.js` is `./x.ts` in the sources. */
function targetOf(file, specifier) {
  const target = resolve(file, '..', specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), `${target}.ts`, resolve(target, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

/** `files` maps each source file to its import specifiers; answers each circle once, as a list of files. */
export function importCycles(files, root) {
  const edges = new Map();
  for (const [file, specifiers] of files) {
    const targets = specifiers
      .filter((s) => s.startsWith('.'))
      .map((s) => targetOf(file, s))
      .filter((t) => t !== null && files.has(t));
    edges.set(file, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components: each component of more than one file (or a file importing itself)
  // is a circle.
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (start) => {
    const work = [[start, 0]];
    indices.set(start, index);
    lowlinks.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1);
      const [node, i] = frame;
      const next = edges.get(node)[i];
      if (next !== undefined) {
        frame[1]++;
        if (!indices.has(next)) {
          indices.set(next, index);
          lowlinks.set(next, index++);
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work.at(-1)[0];
        lowlinks.set(parent, Math.min(lowlinks.get(parent), lowlinks.get(node)));
      }
      if (lowlinks.get(node) === indices.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || edges.get(node).includes(node))
          cycles.push(component.map((f) => relative(root, f)).sort());
      }
    }
  };
  for (const file of edges.keys()) if (!indices.has(file)) visit(file);
  return cycles;
}
