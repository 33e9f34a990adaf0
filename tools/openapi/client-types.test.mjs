import { expect } from 'chai';
import { clientTypesText, committedClientTypes } from './client-types.mjs';

describe('generated API client types', function () {
  this.timeout(30_000);

  it('are what the current OpenAPI document generates (else run `npm run openapi:client`)', async () => {
    const fresh = await clientTypesText();
    expect(
      fresh === committedClientTypes(),
      'payout-api.generated.ts is stale: run npm run openapi:client',
    ).to.equal(true);
  });
});
