#!/usr/bin/env node
// Mints a development access token (docs/product.md §2):
//   npm run token -- --merchant <id> [--entity <id>] [--scope "external.apis"] [--sub <subject>] [--ttl 3600]
// Signs with JWT_SECRET, or the development default the service also falls back to outside production.
import { parseArgs } from 'node:util';
import jwt from 'jsonwebtoken';

export const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789abcdef';

export function mintToken({
  merchant,
  entity,
  scope = 'external.apis',
  sub,
  ttl = 3600,
  secret,
  issuer,
  audience,
}) {
  const claims = { scope };
  if (merchant) claims.merchant_id = merchant;
  if (entity) claims.entity_id = entity;
  const options = {
    algorithm: 'HS256',
    expiresIn: Number(ttl),
    subject: sub ?? entity ?? merchant ?? 'operator',
  };
  if (issuer) options.issuer = issuer;
  if (audience) options.audience = audience;
  return jwt.sign(claims, secret ?? process.env.JWT_SECRET ?? DEV_JWT_SECRET, options);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      merchant: { type: 'string' },
      entity: { type: 'string' },
      scope: { type: 'string', default: 'external.apis' },
      sub: { type: 'string' },
      ttl: { type: 'string', default: '3600' },
    },
  });
  process.stdout.write(
    `${mintToken({ ...values, issuer: process.env.JWT_ISSUER, audience: process.env.JWT_AUDIENCE })}\n`,
  );
}
