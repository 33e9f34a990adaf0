import { expect } from 'chai';
import type { LinkKind } from '../../linked-account/link-kind.js';
import { firstPage } from '../../ports/page.js';
import type { RecipientValidator } from '../../ports/recipient-validator.port.js';
import { LINK_BODIES } from '../../testing/link-bodies.js';
import { RecordingCardVault } from '../../testing/recording-card-vault.js';
import { IssueApplicationToken } from '../operator/index.js';
import { merchantWithEntity, OPERATOR, operatorDeps } from '../operator/operator-world.fixture.js';
import { LinkAccount } from './link-account.use-case.js';
import { isAbaRoutingNumber, isLuhn } from './link-validation.js';

const operator = OPERATOR;

async function world() {
  const deps = { ...operatorDeps(), cardVault: new RecordingCardVault() };
  const { merchant, entity } = await merchantWithEntity(deps, {
    entityType: 'USER',
    email: 'ada@example.com',
    externalIdentifier: 'ext-9',
  });
  const issued = await new IssueApplicationToken(deps).execute(operator, {
    entityId: entity.id,
    purpose: 'ACCOUNT_LINK',
  });
  if (!issued.ok) throw new Error('token');
  const principal = {
    subject: 'u',
    merchantId: merchant.id,
    entityId: entity.id,
    scopes: new Set(['external.apis']),
  };
  return { deps, link: new LinkAccount(deps), token: issued.value.token, entity, principal };
}

const BODIES = LINK_BODIES;

describe('LinkAccount', () => {
  it('knows ABA and Luhn check digits', () => {
    expect(isAbaRoutingNumber('021000021')).to.equal(true);
    expect(isAbaRoutingNumber('021000022')).to.equal(false);
    expect(isLuhn('4111111111111111')).to.equal(true);
    expect(isLuhn('4111111111111112')).to.equal(false);
  });

  for (const kind of Object.keys(BODIES) as LinkKind[]) {
    it(`links a ${kind} account to the token's entity and shows no secret`, async () => {
      const w = await world();
      const result = await w.link.execute({
        principal: w.principal,
        applicationToken: w.token,
        currency: 'USD',
        kind,
        step: '1',
        body: BODIES[kind] as never,
      });
      if (!result.ok) throw new Error(result.error.message);
      const view = result.value.linkedAccount;
      expect(view.entity).to.deep.equal({
        id: w.entity.id,
        entityType: 'USER',
        email: 'ada@example.com',
        externalIdentifier: 'ext-9',
      });
      expect(view.wallet).to.deep.equal({ id: w.entity.wallet.id, balance: '0.00', disabled: false });
      expect(view.application.token).to.equal(w.token);
      const stored = w.deps.unitOfWork.state.linkedAccounts.get(view.id);
      expect(stored?.walletId).to.equal(w.entity.wallet.id);
      const shown = JSON.stringify(view);
      for (const secret of ['000123456789', 'DE89370400440532013000', '4111111111111111'])
        expect(shown).to.not.include(secret);
      if (kind === 'zelle') expect(view.counterPartyName).to.equal('ada@example.com');
      if (kind === 'card') expect(view.account.lastFourDigits).to.equal('1111');
      if (kind === 'bank') expect(view.account.lastFourDigits).to.equal('6789');
    });
  }

  /** [kind, field reported, changes to `data`, changes to the body itself] */
  const invalid: [LinkKind, string, Record<string, unknown>, Record<string, unknown>][] = [
    ['bank', 'data.routingNumber', { routingNumber: '021000022' }, {}],
    ['bank', 'data.accountNumber', { accountNumber: '12' }, {}],
    ['bank', 'data.accountType', { accountType: 'brokerage' }, {}],
    ['card', 'data.cardNumber', { cardNumber: '4111111111111112' }, {}],
    ['card', 'data.expYear', { expYear: 2020 }, {}],
    ['international_bank', 'data.swiftOrBic', { swiftOrBic: 'nope' }, {}],
    ['international_bank', 'data.recipientCountry', { recipientCountry: 'Germany' }, {}],
    ['international_bank', 'data.name', { recipientType: 'business', name: undefined }, {}],
    ['zelle', 'data.username', { username: '' }, {}],
    ['paypal', 'data.paypalDestinationType', { paypalDestinationType: 'FAX' }, {}],
    ['venmo', 'data.username', { username: undefined }, {}],
    ['prepaid_card', 'data.email', { email: 'not-an-email' }, {}],
    ['prepaid_card', 'data.name', { firstName: undefined, name: undefined }, {}],
    ['paypal', 'label', {}, { label: '' }],
    ['venmo', 'data', {}, { data: 'x' }],
  ];
  for (const [kind, fieldName, dataChanges, bodyChanges] of invalid) {
    it(`rejects a ${kind} body with a bad ${fieldName}`, async () => {
      const w = await world();
      const body: Record<string, unknown> = structuredClone(BODIES[kind]);
      Object.assign(body.data as object, dataChanges);
      Object.assign(body, bodyChanges);
      const result = await w.link.execute({
        principal: w.principal,
        applicationToken: w.token,
        currency: 'USD',
        kind,
        step: '1',
        body,
      });
      expect(!result.ok && result.error).to.deep.include({ code: 'VALIDATION_ERROR' });
      expect(!result.ok && result.error.details?.field).to.equal(fieldName);
      expect(w.deps.unitOfWork.state.linkedAccounts.size).to.equal(0);
    });
  }

  it('refuses step 2, other currencies, unknown/expired tokens, and a missing bearer for zelle', async () => {
    const w = await world();
    const base = {
      principal: w.principal,
      applicationToken: w.token,
      currency: 'USD',
      kind: 'zelle' as const,
      step: '1',
      body: BODIES.zelle,
    };
    const code = async (patch: Partial<typeof base>) => {
      const r = await w.link.execute({ ...base, ...patch });
      return r.ok ? 'ok' : r.error.code;
    };
    expect(await code({ step: '2' })).to.equal('INVALID_STEP');
    expect(await code({ currency: 'EUR' })).to.equal('UNSUPPORTED_CURRENCY');
    expect(await code({ applicationToken: 'apptok_unknown' })).to.equal('TOKEN_EXPIRED_OR_INACTIVE');
    expect(await code({ principal: null as never })).to.equal('UNAUTHORIZED');
    expect(await code({ principal: { ...w.principal, entityId: 'someone-else' } })).to.equal('UNAUTHORIZED');
    w.deps.clock.advance(3601 * 1000);
    expect(await code({})).to.equal('TOKEN_EXPIRED_OR_INACTIVE');
  });

  it('links PayPal without a bearer token', async () => {
    const w = await world();
    const result = await w.link.execute({
      principal: null,
      applicationToken: w.token,
      currency: 'USD',
      kind: 'paypal',
      step: '1',
      body: BODIES.paypal as never,
    });
    expect(result.ok).to.equal(true);
  });
});

describe('LinkAccount with a card (docs/decisions/0003-cards-tokenised-at-link-time.md)', () => {
  const linkCard = async (w: Awaited<ReturnType<typeof world>>, applicationToken = w.token) =>
    w.link.execute({
      principal: w.principal,
      applicationToken,
      currency: 'USD',
      kind: 'card',
      step: '1',
      body: BODIES.card as never,
    });

  it("keeps the vault's token and never the card number", async () => {
    const w = await world();
    const result = await linkCard(w);
    if (!result.ok) throw new Error(result.error.message);
    const stored = w.deps.unitOfWork.state.linkedAccounts.get(result.value.linkedAccount.id);
    expect(stored?.destination).to.deep.equal({
      expMonth: '12',
      expYear: '2099',
      cardholderName: 'Ada Lovelace',
      cardToken: `recorded_card_token_${stored?.id}`,
      cardVault: 'recorded',
    });
    expect(stored?.lastFourDigits).to.equal('1111');
    expect(w.deps.cardVault.calls).to.deep.equal([
      {
        card: {
          cardNumber: '4111111111111111',
          expMonth: '12',
          expYear: '2099',
          cardholderName: 'Ada Lovelace',
        },
        key: stored?.id,
      },
    ]);
  });

  it('answers a card the vault refuses as a validation error of data.cardNumber, linking nothing', async () => {
    const w = await world();
    w.deps.cardVault.willRefuse('Increase answered 422 invalid_parameters_error');
    const result = await linkCard(w);
    expect(!result.ok && result.error).to.deep.include({ code: 'VALIDATION_ERROR' });
    expect(!result.ok && result.error.details?.field).to.equal('data.cardNumber');
    expect(!result.ok && result.error.message).not.to.include('Increase');
    expect(w.deps.unitOfWork.state.linkedAccounts.size).to.equal(0);
  });

  it('throws when the vault cannot be reached, linking nothing', async () => {
    const w = await world();
    w.deps.cardVault.willFail(new Error('Increase vault POST /card_tokens timed out'));
    let thrown: unknown;
    await linkCard(w).catch((error: unknown) => {
      thrown = error;
    });
    expect(thrown).to.be.an('error');
    expect(w.deps.unitOfWork.state.linkedAccounts.size).to.equal(0);
  });

  it('hands no card to the vault when the application token is refused', async () => {
    const w = await world();
    const result = await linkCard(w, 'apptok_unknown');
    expect(!result.ok && result.error.code).to.equal('TOKEN_EXPIRED_OR_INACTIVE');
    expect(w.deps.cardVault.calls).to.deep.equal([]);
  });
});

describe('LinkAccount with a provider that checks recipients', () => {
  const linkWith = async (check: RecipientValidator['check'], kind: LinkKind = 'bank') => {
    const w = await world();
    const seen: [string, Readonly<Record<string, string>>][] = [];
    const link = new LinkAccount({
      ...w.deps,
      recipients: {
        check: async (kind, destination) => {
          seen.push([kind, destination]);
          return check(kind, destination);
        },
      },
    });
    const result = await link.execute({
      principal: w.principal,
      applicationToken: w.token,
      currency: 'USD',
      kind,
      step: '1',
      body: BODIES[kind] as never,
    });
    return { result, seen, w };
  };

  it('refuses the details the provider says cannot receive (400 on the field), storing nothing', async () => {
    const { result, seen, w } = await linkWith(async () => ({
      kind: 'INVALID',
      field: 'data.routingNumber',
      message: 'data.routingNumber names no bank Increase knows',
    }));
    expect(!result.ok && result.error).to.deep.include({
      code: 'VALIDATION_ERROR',
      message: 'data.routingNumber names no bank Increase knows',
      details: { field: 'data.routingNumber' },
    });
    expect(seen[0]?.[0]).to.equal('bank');
    expect(seen[0]?.[1]).to.include({
      routingNumber: (BODIES.bank as { data: { routingNumber: string } }).data.routingNumber,
    });
    expect(await w.deps.unitOfWork.read.lists.linkedAccounts(w.entity.id, firstPage())).to.deep.include({
      items: [],
    });
  });

  it('checks a card as it would be paid, by its vault token, and a refused card leaves nothing stored', async () => {
    const { result, seen, w } = await linkWith(
      async () => ({
        kind: 'INVALID',
        field: 'data.cardNumber',
        message: 'data.cardNumber is a card its issuer declined to validate',
      }),
      'card',
    );
    expect(!result.ok && result.error).to.deep.include({
      code: 'VALIDATION_ERROR',
      details: { field: 'data.cardNumber' },
    });
    const [key] = w.deps.cardVault.calls.map((call) => call.key);
    expect(seen[0]?.[1]).to.deep.include({ cardToken: `recorded_card_token_${key}`, cardVault: 'recorded' });
    expect(JSON.stringify(seen)).not.to.include('4111111111111111');
    expect(await w.deps.unitOfWork.read.lists.linkedAccounts(w.entity.id, firstPage())).to.deep.include({
      items: [],
    });
  });

  it('links the details when the provider says they can receive, or does not answer', async () => {
    for (const answer of [{ kind: 'VALID' }, { kind: 'UNAVAILABLE', detail: 'timed out' }] as const) {
      const { result } = await linkWith(async () => answer);
      expect(result.ok, answer.kind).to.equal(true);
    }
  });
});
