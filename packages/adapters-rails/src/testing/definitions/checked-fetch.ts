import type { FetchFunction } from '../../http/fetch-transport.js';
import { parseJson } from '../../http/fetch-transport.js';
import type { ProviderName } from './provider-definition.js';
import { ProviderOracle } from './provider-oracle.js';

/** The provider each scripted origin stands in for, as the fixtures declare it. */
const standIns = new Map<string, ProviderOracle>();

/** Declares that requests to `baseUrl`'s origin go to a script of `provider`: checked against its definition. */
export function standsInFor(baseUrl: string, provider: ProviderName): void {
  const origin = new URL(baseUrl).origin;
  if (!standIns.has(origin)) standIns.set(origin, new ProviderOracle(provider));
}

const bodyText = (body: RequestInit['body']): string =>
  body === undefined || body === null ? '' : typeof body === 'string' ? body : String(body);

/**
 * `fetch` as seen by a provider's nock script: a request to a declared origin is checked against the provider's
 * definition first; one it refuses is answered as the provider would, and never reaches the script. A 2xx
 * answer is checked too, where the definition types answers.
 */
export function checkedFetch(inner: FetchFunction): FetchFunction {
  return async (input, init) => {
    const url = new URL(input);
    const oracle = standIns.get(url.origin);
    if (!oracle) return inner(input, init);
    const method = init.method ?? 'GET';
    const refusal = oracle.receive(method, url.pathname, bodyText(init.body), url.search);
    if (refusal)
      return new Response(JSON.stringify(refusal.body), {
        status: refusal.status,
        headers: { 'content-type': 'application/json' },
      });
    const response = await inner(input, init);
    if (response.ok)
      oracle.answered(method, url.pathname, response.status, parseJson(await response.clone().text()));
    return response;
  };
}
