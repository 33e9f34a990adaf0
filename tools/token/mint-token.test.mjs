import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
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

describe('npm run token on the command line', () => {
  const TOKEN = new URL('./mint-token.mjs', import.meta.url).pathname;
  const run = (args) => promisify(execFile)(process.execPath, [TOKEN, ...args]).catch((error) => error);

  it('--help explains itself, and no argument asks for a scope instead of minting one', async () => {
    const help = await run(['--help']);
    expect(help.stderr).to.include('Usage: npm run -s token').and.include('--scope operator');
    const bare = await run([]);
    expect(bare.code).to.equal(2);
    expect(bare.stdout).to.equal('');
    expect(bare.stderr).to.include('token: name a --scope');
    const entity = await run(['--scope', 'external.apis', '--merchant', 'm-1']);
    expect(entity.stderr).to.include('needs --merchant and --entity');
    const unknown = await run(['--merchnat', 'm-1']);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.include("Unknown option '--merchnat'").and.not.include('    at ');
  });

  it('mints an operator token from its scope and subject', async () => {
    const { stdout } = await run(['--scope', 'operator', '--sub', 'ana']);
    expect(jwt.verify(stdout.trim(), DEV_JWT_SECRET)).to.include({ scope: 'operator', sub: 'ana' });
  });
});
