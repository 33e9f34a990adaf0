#!/usr/bin/env node
// Writes the OpenAPI document the service serves at /openapi.json to a file, for the linter and the client
// generator: `node tools/openapi/write-openapi.mjs [path]` (default build/openapi.json). Needs `npm run build`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument } from '@payout/adapters-http';

export const DEFAULT_PATH = 'build/openapi.json';

/** The document as the service serves it, pretty-printed. */
export const openApiText = () => `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = resolve(process.argv[2] ?? DEFAULT_PATH);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, openApiText());
  console.log(`wrote ${target}`);
}
