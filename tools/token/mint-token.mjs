#!/usr/bin/env node
// Mints a development access token (docs/product.md §2):
//   npm run token -- --scope <scope> [--merchant <id>] [--entity <id>] [--sub <subject>] [--ttl 3600]
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

const USAGE = `Usage: npm run -s token -- --scope <scope> [--merchant <id>] [--entity <id>] [--sub <subject>] [--ttl <seconds>]
Mints a development access token signed with JWT_SECRET (or the development default the service also uses).
  --scope operator                          the operator API and the console (--sub names you in the audit log)
  --scope merchant.apis --merchant <id>     a merchant's reads
  --scope external.apis --merchant <id> --entity <id>   an entity's withdrawals and links
  --ttl <seconds>                           lifetime (default 3600)
`;

/** What is missing for `values` to name a token, or null. */
export function missing(values) {
  if (!values.scope) return 'name a --scope';
  const scopes = values.scope.split(' ');
  if (scopes.includes('external.apis') && !(values.merchant && values.entity))
    return 'an external.apis token needs --merchant and --entity';
  if (scopes.includes('merchant.apis') && !values.merchant) return 'a merchant.apis token needs --merchant';
  return null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        merchant: { type: 'string' },
        entity: { type: 'string' },
        scope: { type: 'string' },
        sub: { type: 'string' },
        ttl: { type: 'string', default: '3600' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`token: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    process.stderr.write(USAGE);
    process.exit(0);
  }
  const lacking = missing(values);
  if (lacking) {
    process.stderr.write(`token: ${lacking}.\n${USAGE}`);
    process.exit(2);
  }
  process.stdout.write(
    `${mintToken({ ...values, issuer: process.env.JWT_ISSUER, audience: process.env.JWT_AUDIENCE })}\n`,
  );
}
