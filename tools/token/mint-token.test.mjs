import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { DEV_JWT_SECRET as APP_DEFAULT } from '../../packages/app/dist/config/config.js';
import { DEV_JWT_SECRET, mintToken } from './mint-token.mjs';

describe('npm run token', () => {
  it('signs with the same development default the service verifies with', () => {
    expect(DEV_JWT_SECRET).to.equal(APP_DEFAULT);
  });

  it('carries the claims of docs/product.md §2 and expires', () => {
    const token = mintToken({
      merchant: 'm-1',
      entity: 'e-1',
      scope: 'external.apis merchant.apis',
      ttl: 60,
    });
    const claims = jwt.verify(token, DEV_JWT_SECRET, { algorithms: ['HS256'] });
    expect(claims).to.include({
      merchant_id: 'm-1',
      entity_id: 'e-1',
      scope: 'external.apis merchant.apis',
      sub: 'e-1',
    });
    expect(claims.exp - claims.iat).to.equal(60);
  });
});
