import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, type JWK, SignJWT } from 'jose';

/** An RS256 key pair, its public half as the JWK an identity provider publishes. */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly jwk: JWK;
}

export async function signingKey(kid: string): Promise<SigningKey> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** An identity provider's JWKS endpoint whose keys and Cache-Control the test changes mid-run. */
export class LocalJwks {
  keys: JWK[] = [];
  cacheControl = 'public, max-age=60';
  up = true;
  fetches = 0;
  private constructor(private readonly server: Server) {}

  static async start(): Promise<LocalJwks> {
    let jwks: LocalJwks | null = null;
    const server = createServer((_req, res) => {
      const self = jwks as LocalJwks;
      self.fetches += 1;
      if (!self.up) return void res.writeHead(503).end();
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': self.cacheControl });
      res.end(JSON.stringify({ keys: self.keys }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    jwks = new LocalJwks(server);
    return jwks;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/.well-known/jwks.json`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A token `key` signs (RS256, its kid in the header), valid for an hour from now. */
export const signedBy = (
  key: SigningKey,
  claims: Record<string, unknown>,
  { issuer, audience }: { readonly issuer: string; readonly audience: string },
): Promise<string> =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(issuer)
    .setAudience(audience)
    .setExpirationTime('1h')
    .sign(key.privateKey);
