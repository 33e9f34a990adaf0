import { expect } from 'chai';
import { principalFromClaims } from './principal-claims.js';

const ENTITY = '7B0C4A52-5F39-4B8E-9D0E-3F1B2A6C9D11';
const MERCHANT = 'A1B2C3D4-0000-4000-8000-00000000000F';

describe('principalFromClaims', () => {
  it('lower-cases the id claims and a subject that is a UUID', () => {
    const principal = principalFromClaims({
      sub: ENTITY,
      merchant_id: MERCHANT,
      entity_id: ENTITY,
      scope: 'external.apis',
    });
    expect(principal).to.deep.include({
      subject: ENTITY.toLowerCase(),
      merchantId: MERCHANT.toLowerCase(),
      entityId: ENTITY.toLowerCase(),
    });
  });

  it('lower-cases a subject that is not a UUID too', () => {
    expect(principalFromClaims({ sub: 'Suite-Operator', scope: 'operator' })?.subject).to.equal(
      'suite-operator',
    );
    for (const sub of [
      'auth0|5F7C8EC7',
      'google-oauth2|1234',
      'svc@clients',
      'urn:ops:ALICE',
      'a_b-c.d~e+f=/',
    ])
      expect(principalFromClaims({ sub, scope: 'operator' })?.subject, sub).to.equal(sub.toLowerCase());
  });

  it('reads a UUID written as its URN as the UUID', () => {
    expect(principalFromClaims({ sub: `urn:uuid:${ENTITY}`, scope: 'operator' })?.subject).to.equal(
      ENTITY.toLowerCase(),
    );
  });

  it('refuses a sub spelt with whitespace, braces, quotes, controls or non-ASCII letters, or too long', () => {
    for (const sub of [
      ` ${ENTITY}`,
      `${ENTITY} `,
      `\t${ENTITY}`,
      `${ENTITY}\n`,
      `{${ENTITY}}`,
      `"${ENTITY}"`,
      'suite operator',
      'op\u0000',
      'op\u00e9',
      'оp',
      'a'.repeat(256),
      '',
      42,
      null,
      ['op'],
    ])
      expect(principalFromClaims({ sub, scope: 'operator' }), JSON.stringify(sub)).to.equal(null);
  });

  it('refuses a merchant_id or entity_id that is not a UUID, so it never reaches a query', () => {
    for (const bad of ['m-1', `${ENTITY} `, 42, {}, ['x']]) {
      expect(principalFromClaims({ sub: 's', scope: 'x', merchant_id: bad }), String(bad)).to.equal(null);
      expect(principalFromClaims({ sub: 's', scope: 'x', entity_id: bad }), String(bad)).to.equal(null);
    }
  });

  it('treats an absent or empty id claim as absent, and refuses a missing sub or scope', () => {
    expect(principalFromClaims({ sub: 's', scope: 'x', merchant_id: '', entity_id: null })).to.deep.include({
      merchantId: null,
      entityId: null,
    });
    expect(principalFromClaims({ scope: 'x' })).to.equal(null);
    expect(principalFromClaims({ sub: 's' })).to.equal(null);
  });
});
