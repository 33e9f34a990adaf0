/** The repository's own tools, used the way a newcomer uses them (`npm run sandbox`, `npm run token`). */
const tool = (path: string) => new URL(`../../../../../tools/${path}`, import.meta.url).href;

export type LinkKind = 'bank' | 'international_bank' | 'card' | 'prepaid_card' | 'zelle' | 'paypal' | 'venmo';

interface SandboxEntity {
  readonly id: string;
  readonly walletId: string;
  /** What the sandbox credited to the SPEND wallet, as a decimal string. */
  readonly balance: string;
  readonly accessToken: string;
  readonly linkedAccounts: Readonly<Record<LinkKind, string>>;
}

export interface Sandbox {
  readonly merchant: { readonly id: string; readonly walletId: string; readonly accessToken: string };
  readonly webhook: { readonly url: string; readonly secret: string };
  readonly entities: readonly SandboxEntity[];
}

interface SandboxModule {
  createSandbox(options: {
    baseUrl: string;
    webhookUrl: string;
    entities?: number;
    funds?: string;
  }): Promise<Sandbox>;
}

interface TokenModule {
  mintToken(claims: { scope: string; sub?: string }): string;
}

/** A merchant with a webhook endpoint and `entities` funded entities, each with one account of every kind. */
export async function createSandbox(
  baseUrl: string,
  webhookUrl: string,
  entities: number,
  funds = '10000.00',
): Promise<Sandbox> {
  const sandbox = (await import(tool('sandbox/sandbox.mjs'))) as SandboxModule;
  return sandbox.createSandbox({ baseUrl, webhookUrl, entities, funds });
}

export async function operatorToken(): Promise<string> {
  const tokens = (await import(tool('token/mint-token.mjs'))) as TokenModule;
  return tokens.mintToken({ scope: 'operator', sub: 'e2e-operator' });
}
