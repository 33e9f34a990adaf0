// Every entry point imports this module first and nothing else statically, so it runs before Node links any module
// that needs a recent Node (node:module's enableCompileCache, require of ES modules): an old Node then stops here
// with a message instead of a SyntaxError or TypeError. Hence old syntax only.
import { unsupportedNode } from './node-version.js';

const problem = unsupportedNode(process.versions.node);
if (problem) {
  process.stderr.write(problem);
  process.exit(1);
}
