/** The WHATWG fetch signature; injectable so tests and proxies can stand in for the global one. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Resolved lazily so an interceptor installed after construction (nock) still sees the calls. */
export const globalFetch: FetchFunction = (input, init) => globalThis.fetch(input, init);

export const trimBaseUrl = (baseUrl: string): string => baseUrl.replace(/\/+$/, '');

/** Why a request produced no HTTP answer: the deadline passed, or the network failed. */
export function transportFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'timed out';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return `failed: ${error instanceof Error ? error.message : String(error)}${code}`;
}

/** A JSON body, or `undefined` when it was empty or not JSON (a proxy's HTML error page, say). */
export function parseJson(raw: string): unknown {
  try {
    return raw === '' ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}
