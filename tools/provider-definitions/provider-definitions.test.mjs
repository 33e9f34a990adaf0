import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { DEFINITIONS_DIR, generatedDefinitions } from './provider-definitions.mjs';

describe('provider definitions', function () {
  this.timeout(60_000);

  it('are what the pinned SDKs define (else run `npm run provider:definitions`)', () => {
    for (const [file, text] of Object.entries(generatedDefinitions()))
      expect(
        text === readFileSync(join(DEFINITIONS_DIR, file), 'utf8'),
        `${file} is stale: run npm run provider:definitions`,
      ).to.equal(true);
  });
});
