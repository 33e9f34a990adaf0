import type { LinkKind } from '@payout/domain';
import { expect } from 'chai';
import type { ApiClient } from './api-client.js';
import { LINK_BODIES } from './link-bodies.fixture.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CARD_STYLE: readonly LinkKind[] = ['bank', 'card', 'prepaid_card', 'paypal', 'venmo'];
const OPTION_TYPE: Readonly<Record<string, string>> = {
  bank: 'bank',
  card: 'card',
  prepaid_card: 'card',
  paypal: 'paypal',
  venmo: 'venmo',
};
const LAST_FOUR: Readonly<Record<string, string>> = { bank: '6789', card: '1111' };

function spoil(kind: LinkKind, change: (data: Record<string, unknown>) => void): Record<string, unknown> {
  const body = structuredClone(LINK_BODIES[kind]) as Record<string, unknown>;
  change(body.data as Record<string, unknown>);
  return body;
}

/** Spec endpoints 2–6 and the bank/card extensions: shapes field by field, validation, bearer rules. */
export function linkSuite(api: () => ApiClient): void {
  describe('link endpoints (spec 2–6, PRODUCT §4)', () => {
    it('international_bank answers {success, message, data: {id}}', async () => {
      const entity = await api().entity(await api().merchant());
      const res = await api().linkRequest(
        entity,
        'international_bank',
        await api().applicationToken(entity.id),
      );
      expect(res.status).to.equal(200);
      expect(res.json).to.have.all.keys('success', 'message', 'data');
      expect(res.json.success).to.equal(true);
      expect(res.json.message).to.be.a('string').and.not.equal('');
      expect(res.json.data).to.have.all.keys('id');
      expect(res.json.data.id).to.match(UUID);
    });

    it('zelle answers {data: {type: completed, message, data}} with the zelle fields only', async () => {
      const entity = await api().entity(await api().merchant(), '12.50');
      const res = await api().linkRequest(entity, 'zelle', await api().applicationToken(entity.id));
      expect(res.status).to.equal(200);
      expect(res.json).to.have.all.keys('data');
      expect(res.json.data).to.include({ type: 'completed' });
      const data = res.json.data.data;
      expect(data).to.have.all.keys('id', 'currency', 'optionType', 'counterPartyName', 'wallet', 'entity');
      expect(data).to.include({ currency: 'USD', optionType: 'zelle', counterPartyName: 'ada@example.com' });
      expect(data.wallet).to.deep.equal({ id: entity.walletId, balance: '12.50', disabled: false });
      expect(data.entity).to.deep.equal({ id: entity.id, entityType: 'USER' });
    });

    for (const kind of CARD_STYLE) {
      it(`${kind} answers the card-style linked account, field by field, with no account number`, async () => {
        const entity = await api().entity(await api().merchant(), '0');
        const appToken = await api().applicationToken(entity.id);
        const res = await api().linkRequest(entity, kind, appToken);
        expect(res.status, JSON.stringify(res.json)).to.equal(200);
        expect(res.json.data.type).to.equal('completed');
        expect(res.json.data.message).to.be.a('string');
        const data = res.json.data.data;
        expect(data).to.have.all.keys(
          'id',
          'currency',
          'optionType',
          'counterPartyName',
          'createdAt',
          'account',
          'wallet',
          'entity',
          'application',
        );
        expect(data.id).to.match(UUID);
        expect(data).to.include({
          currency: 'USD',
          optionType: OPTION_TYPE[kind],
          counterPartyName: 'Ada Lovelace',
        });
        expect(Number.isNaN(Date.parse(data.createdAt))).to.equal(false);
        expect(data.account.label).to.equal(LINK_BODIES[kind].label);
        expect(data.account.lastFourDigits).to.equal(LAST_FOUR[kind] ?? '');
        expect(data.wallet).to.deep.equal({ id: entity.walletId, balance: '0.00', disabled: false });
        expect(data.entity).to.include({ id: entity.id, entityType: 'USER', email: data.entity.email });
        expect(data.entity.email).to.match(/@example\.com$/);
        expect(data.entity.externalIdentifier).to.match(/^suite-/);
        expect(data.application).to.have.all.keys('id', 'externalId', 'token', 'businessId');
        expect(data.application.token).to.equal(appToken);
        expect(data.application.businessId).to.equal(entity.merchantId);
        const shown = JSON.stringify(res.json);
        for (const secret of ['000123456789', '4111111111111111']) expect(shown).to.not.include(secret);
      });
    }

    const invalid: [LinkKind, string, (d: Record<string, unknown>) => void][] = [
      ['bank', 'data.routingNumber', (d) => Object.assign(d, { routingNumber: '12345' })],
      ['bank', 'data.routingNumber', (d) => Object.assign(d, { routingNumber: '021000022' })],
      ['card', 'data.cardNumber', (d) => Object.assign(d, { cardNumber: '4111111111111112' })],
      ['card', 'data.expYear', (d) => Object.assign(d, { expYear: 2020 })],
      ['international_bank', 'data.swiftOrBic', (d) => Object.assign(d, { swiftOrBic: 'nope' })],
      [
        'international_bank',
        'data.recipientCountry',
        (d) => Object.assign(d, { recipientCountry: 'Germany' }),
      ],
      ['zelle', 'data.username', (d) => delete d.username],
      ['paypal', 'data.paypalDestinationType', (d) => Object.assign(d, { paypalDestinationType: 'FAX' })],
      ['venmo', 'data.username', (d) => delete d.username],
      ['prepaid_card', 'data.email', (d) => Object.assign(d, { email: 'not-an-email' })],
    ];
    for (const [kind, field, change] of invalid) {
      it(`${kind}: 400 VALIDATION_ERROR naming ${field}`, async () => {
        const entity = await api().entity(await api().merchant(), '0');
        const res = await api().linkRequest(
          entity,
          kind,
          await api().applicationToken(entity.id),
          spoil(kind, change),
        );
        expect(res.status).to.equal(400);
        expect(res.json).to.include({ success: false, fatal: true, code: 'VALIDATION_ERROR', field });
      });
    }

    it('400 for a missing label, step 2, an unknown and an expired-or-unknown application token', async () => {
      const entity = await api().entity(await api().merchant(), '0');
      const appToken = await api().applicationToken(entity.id);
      const noLabel = await api().linkRequest(entity, 'venmo', appToken, { data: LINK_BODIES.venmo.data });
      expect(noLabel.json).to.include({ code: 'VALIDATION_ERROR', field: 'label' });
      const step2 = await api().linkRequest(entity, 'venmo', appToken, LINK_BODIES.venmo, '2');
      expect([step2.status, step2.json.code]).to.deep.equal([400, 'INVALID_STEP']);
      const unknown = await api().linkRequest(entity, 'venmo', 'apptok_does_not_exist');
      expect([unknown.status, unknown.json.message]).to.deep.equal([400, 'Token expired or inactive']);
    });

    it('requires a bearer token for international_bank and zelle but not for paypal, venmo, prepaid_card', async () => {
      const entity = await api().entity(await api().merchant(), '0');
      const appToken = await api().applicationToken(entity.id);
      const anonymous = { ...entity, token: '' };
      for (const kind of ['international_bank', 'zelle'] as const) {
        const res = await api().linkRequest(anonymous, kind, appToken);
        expect([res.status, res.json.message]).to.deep.equal([401, 'Unauthorized']);
      }
      for (const kind of ['paypal', 'venmo', 'prepaid_card'] as const) {
        const res = await api().linkRequest(anonymous, kind, appToken);
        expect(res.status, kind).to.equal(200);
      }
      const badBearer = await api().linkRequest({ ...entity, token: 'not.a.jwt' }, 'paypal', appToken);
      expect(badBearer.status).to.equal(401);
    });

    it('answers 404 for an unknown link kind', async () => {
      const entity = await api().entity(await api().merchant(), '0');
      const res = await api().linkRequest(entity, 'iban' as LinkKind, 'whatever', {});
      expect(res.status).to.equal(404);
    });
  });
}
