import type { RequestHandler } from 'express';

/** Sent on every answer: no MIME sniffing, no framing, no referrer, no cross-origin embedding or opener. */
const ALWAYS: readonly (readonly [string, string])[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'no-referrer'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
];

/** An API answer is data, never a document: it may load nothing and be framed by nothing. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The Swagger UI page (docs.routes.ts) loads its script, styles and the OpenAPI document from this origin only;
 * its React components set inline styles and its icons are data: images, so those two are allowed.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The operator console (console.routes.ts): its page, stylesheet and module from this origin, its API calls to this
 * origin, nothing inline and nothing else.
 */
const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of an API answer, for answers written before Express sees the request (client-errors.ts). */
export const API_ANSWER_HEADERS: readonly (readonly [string, string])[] = [
  ...ALWAYS,
  ['Content-Security-Policy', API_CSP],
  ['Cache-Control', 'no-store'],
];

const isDocs = (path: string): boolean => path === '/docs' || path.startsWith('/docs/');
const isConsole = (path: string): boolean => path === '/console' || path.startsWith('/console/');

/**
 * The security headers, set once here for every route. `Cache-Control: no-store` on everything but the Swagger
 * UI's static files: API answers carry balances, account details and payment states that no browser or proxy
 * may keep; the static files keep express.static's own caching.
 */
export const securityHeaders: RequestHandler = (req, res, next) => {
  for (const [name, value] of ALWAYS) res.setHeader(name, value);
  const docs = isDocs(req.path);
  res.setHeader('Content-Security-Policy', docs ? DOCS_CSP : isConsole(req.path) ? CONSOLE_CSP : API_CSP);
  if (!docs || !req.path.startsWith('/docs/assets/')) res.setHeader('Cache-Control', 'no-store');
  next();
};
