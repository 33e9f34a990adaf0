// CSV reports: fetched with the operator's token (a plain link could not send it), then saved under the name the
// API gives them.
import { ApiError, session } from './api.js';
import { h } from './dom.js';

/** Fetches a report and saves it; resolves to its file name and its number of rows, throws ApiError. */
export async function download(path, query = {}) {
  const url = new URL(path, location.origin);
  for (const [name, value] of Object.entries(query)) if (value) url.searchParams.set(name, value);
  const response = await fetch(url, { headers: { authorization: `Bearer ${session.token()}` } });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  const text = await response.text();
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'report.csv';
  const href = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = h('a', { href, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
  return { filename, rows: text.split('\r\n').length - 2 };
}
