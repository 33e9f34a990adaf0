import { expect } from 'chai';
import nock from 'nock';
import { describeCardVaultContract, TEST_CARD } from '../testing/card-vault.contract.js';
import { standsInFor } from '../testing/definitions/checked-fetch.js';
import { closedPortUrl } from '../testing/local-servers.js';
import { accountDetail, externalAccount } from '../testing/objects/modern-treasury.objects.js';
import { useNock } from '../testing/use-nock.js';
import { API_KEY, errorBody, VALID_AUTHORIZATION } from './modern-treasury-api.fixture.js';
import { EXTERNAL_ACCOUNTS_PATH, ModernTreasuryCardVault } from './modern-treasury-card.vault.js';

const BASE_URL = 'https://app.moderntreasury.com';
standsInFor(BASE_URL, 'modern_treasury');
const ORGANIZATION_ID = '4a2b6e5c-0f3d-4a57-9d3c-0c7b1f0e8a11';
const EXTERNAL_ACCOUNT_ID = '5ace1b1e-6a0c-4c5f-9d1e-2b7c4a8e0c11';

const vaultAt = (baseUrl = BASE_URL) =>
  new ModernTreasuryCardVault({ baseUrl, organizationId: ORGANIZATION_ID, apiKey: API_KEY, timeoutMs: 2000 });

/** An external account as Modern Treasury shows it: the card number only as its last four digits. */
const externalAccountOfCard = externalAccount({
  id: EXTERNAL_ACCOUNT_ID,
  account_details: [accountDetail({ account_number_safe: '1111', account_number_type: 'pan' })],
  metadata: { linked_account_id: 'la-0001' },
});

function scriptExternalAccounts(reply: [number, object]) {
  const requests: { body: unknown; headers: Headers }[] = [];
  nock(BASE_URL)
    .post(EXTERNAL_ACCOUNTS_PATH)
    .reply(async (request: Request) => {
      requests.push({ body: await request.json(), headers: request.headers });
      return request.headers.get('authorization') === VALID_AUTHORIZATION
        ? reply
        : [401, errorBody('unauthorized', 'Authentication failed')];
    });
  return requests;
}

describe('ModernTreasuryCardVault', () => {
  useNock();

  describeCardVaultContract('Modern Treasury', async (scenario) => {
    if (scenario === 'tokenises') scriptExternalAccounts([201, externalAccountOfCard]);
    if (scenario === 'refuses')
      scriptExternalAccounts([
        422,
        errorBody(
          'parameter_invalid',
          `${TEST_CARD.cardNumber} is not a valid card number`,
          'account_number',
        ),
      ]);
    if (scenario === 'fails')
      scriptExternalAccounts([500, errorBody('internal_server_error', 'Something went wrong')]);
    return scenario === 'unreachable' ? vaultAt(await closedPortUrl()) : vaultAt();
  });

  it('creates an external account holding the number as a pan, without a counterparty, keyed by the link', async () => {
    const requests = scriptExternalAccounts([201, externalAccountOfCard]);
    const result = await vaultAt().tokenize(TEST_CARD, 'la-0001');
    expect(result).to.deep.equal({
      ok: true,
      value: { vault: 'modern_treasury', token: EXTERNAL_ACCOUNT_ID },
    });
    expect(requests.map((r) => r.body)).to.deep.equal([
      {
        counterparty_id: null,
        party_name: 'Ada Lovelace',
        party_type: 'individual',
        account_details: [{ account_number: '4111111111111111', account_number_type: 'pan' }],
        metadata: { linked_account_id: 'la-0001' },
      },
    ]);
    expect(requests[0]?.headers.get('idempotency-key')).to.equal('la-0001');
  });
});
