#!/usr/bin/env node
// `npm run provider:definitions`: regenerates packages/adapters-rails/definitions/*.generated.json from the pinned
// SDKs and the copy of Wise's OpenAPI description; run it after changing one of them, and commit the result with
// the code it makes compile.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFINITIONS_DIR, generatedDefinitions } from './provider-definitions.mjs';

mkdirSync(DEFINITIONS_DIR, { recursive: true });
for (const [file, text] of Object.entries(generatedDefinitions())) {
  writeFileSync(join(DEFINITIONS_DIR, file), text);
  console.log(`wrote ${file}`);
}
