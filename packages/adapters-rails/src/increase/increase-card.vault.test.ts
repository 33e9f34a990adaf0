import { expect } from 'chai';
import nock from 'nock';
import { describeCardVaultContract, TEST_CARD } from '../testing/card-vault.contract.js';
import { standsInFor } from '../testing/definitions/checked-fetch.js';
import { closedPortUrl } from '../testing/local-servers.js';
import { useNock } from '../testing/use-nock.js';
import { errorBody } from './increase-api.fixture.js';
import { IncreaseCardVault } from './increase-card.vault.js';

const VAULT_URL = 'https://vault.increase.com';
standsInFor(VAULT_URL, 'increase');
const TOKENIZATION_KEY = 'card_tokenization_key_do_not_log';
const TOKEN = 'outbound_card_token_zlt0ml6youq3q7vcdlg0';

const vaultAt = (vaultUrl = VAULT_URL) =>
  new IncreaseCardVault({ vaultUrl, tokenizationKey: TOKENIZATION_KEY, timeoutMs: 2000 });

/** Increase's vault, scripted: the documented answer `{"card_token": …}` to a create with the tokenization key. */
function scriptVault(reply: [number, object]) {
  const requests: { body: unknown; headers: Headers }[] = [];
  nock(VAULT_URL)
    .post('/card_tokens')
    .reply(async (request: Request) => {
      requests.push({ body: await request.json(), headers: request.headers });
      return request.headers.get('authorization') === `Bearer ${TOKENIZATION_KEY}`
        ? reply
        : [401, errorBody(401, 'invalid_api_key_error', 'Invalid API key.')];
    });
  return requests;
}

describe('IncreaseCardVault', () => {
  useNock();

  describeCardVaultContract('Increase', async (scenario) => {
    if (scenario === 'tokenises') scriptVault([200, { card_token: TOKEN }]);
    if (scenario === 'refuses')
      scriptVault([
        422,
        errorBody(422, 'invalid_parameters_error', 'Invalid parameters.', {
          errors: [{ field: 'primary_account_number', message: `${TEST_CARD.cardNumber} is not valid` }],
        }),
      ]);
    if (scenario === 'fails') scriptVault([500, errorBody(500, 'internal_server_error', 'Internal error.')]);
    return scenario === 'unreachable' ? vaultAt(await closedPortUrl()) : vaultAt();
  });

  it('posts the number and expiry with the tokenization key, keyed by the linked account id', async () => {
    const requests = scriptVault([200, { card_token: TOKEN }]);
    const result = await vaultAt().tokenize(TEST_CARD, 'la-0001');
    expect(result).to.deep.equal({ ok: true, value: { vault: 'increase', token: TOKEN } });
    expect(requests.map((r) => r.body)).to.deep.equal([
      { primary_account_number: '4111111111111111', expiration_month: 12, expiration_year: 2099 },
    ]);
    expect(requests[0]?.headers.get('idempotency-key')).to.equal('la-0001');
  });

  it('throws, naming the status and error type only, when Increase refuses the key', async () => {
    scriptVault([200, { card_token: TOKEN }]);
    const vault = new IncreaseCardVault({ vaultUrl: VAULT_URL, tokenizationKey: 'wrong', timeoutMs: 2000 });
    let thrown: unknown;
    await vault.tokenize(TEST_CARD, 'la-0001').catch((error: unknown) => {
      thrown = error;
    });
    expect((thrown as Error).message).to.equal('Increase vault answered 401 invalid_api_key_error');
  });
});
