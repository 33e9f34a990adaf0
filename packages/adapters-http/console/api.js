// The public API, called as any client calls it: the operator token as a Bearer header, the spec's envelopes back.
const TOKEN_KEY = 'payout.operatorToken';

/** Kept for this tab only: sessionStorage ends with the tab, and a URL (history, logs, referrers) never sees it. */
export const session = {
  token: () => sessionStorage.getItem(TOKEN_KEY),
  signIn: (token) => sessionStorage.setItem(TOKEN_KEY, token),
  signOut: () => sessionStorage.removeItem(TOKEN_KEY),
};

export class ApiError extends Error {
  constructor(status, body) {
    super(`${status}: ${body?.message ?? 'request failed'}${body?.code ? ` (${body.code})` : ''}`);
    this.status = status;
  }
}

/** One call; resolves to the whole envelope (`data`, and `hasMore`/`nextCursor` on lists), throws ApiError. */
export async function api(method, path, { query, body } = {}) {
  const url = new URL(path, location.origin);
  for (const [name, value] of Object.entries(query ?? {})) if (value) url.searchParams.set(name, value);
  const headers = { authorization: `Bearer ${session.token()}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, json);
  return json;
}
