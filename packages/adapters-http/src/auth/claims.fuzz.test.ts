import { expect } from 'chai';
import fc from 'fast-check';
import { ApiClient } from '../testing/api-client.js';
import { inMemoryHttpDeps, mintHarnessToken, startHttpApp } from '../testing/in-memory-http.harness.js';

/** What an attacker wraps an id in so that a string comparison tells it from the id. */
const wrapper = fc.constantFrom(
  ['', ''],
  [' ', ''],
  ['', ' '],
  ['\t', ''],
  ['', '\n'],
  ['\r\n', ''],
  ['\u00a0', ''],
  ['', '\u2003'],
  ['\u200b', ''],
  ['\ufeff', ''],
  ['{', '}'],
  ['"', '"'],
  ['<', '>'],
  ['urn:uuid:', ''],
);
/** The id with each letter in either case. */
const recased = (id: string) =>
  fc
    .array(fc.boolean(), { minLength: id.length, maxLength: id.length })
    .map((flips) => [...id].map((c, i) => (flips[i] ? c.toUpperCase() : c)).join(''));

describe('claims naming ids (fuzz)', function () {
  this.timeout(60_000);
  let app: Awaited<ReturnType<typeof startHttpApp>>;
  let api: ApiClient;

  before(async () => {
    app = await startHttpApp(inMemoryHttpDeps());
    api = new ApiClient({ ...app, mintToken: mintHarnessToken });
  });

  after(async () => {
    await app?.close();
  });

  it('an operator whose sub is the requester in any case or wrapping never approves the withdrawal', async () => {
    const merchant = await api.merchant({ approvalThreshold: '100.00' });
    const { entity, accountId } = await api.payer('bank', '1000.00', merchant);
    const requester = api.harness.mintToken({
      sub: entity.id,
      scope: 'external.apis',
      merchant_id: merchant.id,
      entity_id: entity.id,
    });
    const held = await api.withdraw(
      entity,
      accountId,
      { amount: 150, walletType: 'SPEND' },
      'USD',
      requester,
    );
    expect(held.json.data?.status).to.equal('AWAITING_APPROVAL');
    const path = `/v1/operator/withdrawals/${held.json.data.id}/approve`;
    await fc.assert(
      fc.asyncProperty(recased(entity.id), wrapper, async (id, [before, after]) => {
        const sub = `${before}${id}${after}`;
        const res = await api.request('POST', path, { token: api.operatorToken(sub) });
        // Its one spelling, or its URN (RFC 4122), is the requester; every other wrapping is no subject at all.
        const same = after === '' && (before === '' || before === 'urn:uuid:');
        const expected = same ? [409, 'APPROVER_IS_REQUESTER'] : [401, 'UNAUTHORIZED'];
        expect([res.status, res.json.code], JSON.stringify(sub)).to.deep.equal(expected);
      }),
      { seed: 4403, numRuns: 200 },
    );
    const other = await api.request('POST', path, { token: api.operatorToken('a-second-operator') });
    expect(other.status, 'another operator may approve it').to.equal(200);
  });

  it('a merchant_id or entity_id in any wrapping is 401, in any case the same tenant', async () => {
    const { merchant, entity, accountId } = await api.payer('bank', '1000.00');
    const created = await api.withdraw(entity, accountId, { amount: 1, walletType: 'SPEND' });
    expect(created.status).to.equal(200);
    await fc.assert(
      fc.asyncProperty(recased(merchant.id), wrapper, async (id, [before, after]) => {
        const token = api.harness.mintToken({
          sub: 'merchant-reader',
          scope: 'merchant.apis',
          merchant_id: `${before}${id}${after}`,
        });
        const res = await api.request('GET', `/v1/transactions/${created.json.data.id}`, { token });
        expect(res.status, JSON.stringify(`${before}${id}${after}`)).to.equal(
          before === '' && after === '' ? 200 : 401,
        );
      }),
      { seed: 4404, numRuns: 150 },
    );
  });
});
