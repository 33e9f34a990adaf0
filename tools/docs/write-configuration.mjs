#!/usr/bin/env node
// Writes docs/configuration.md from the configuration's own declaration (packages/app/src/config/variables.ts):
// `npm run docs:config` (it builds first). A test in npm test fails while the committed page differs.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CONFIGURATION_REFERENCE_PATH, configurationReference } from '@payout/app/configuration-reference';

const target = resolve(import.meta.dirname, '../..', CONFIGURATION_REFERENCE_PATH);
writeFileSync(target, configurationReference());
console.log(`wrote ${target}`);
