import { parseCidrs } from '@payout/adapters-http/webhooks';
import type { Env } from './env-values.js';
import { integer } from './env-values.js';

/** Where outbound requests a merchant or an operator chose may go (docs/security.md). */
export interface OutboundConfig {
  /** Production: public unicast addresses over https only, but for `allowedCidrs`. */
  readonly publicOnly: boolean;
  /** OUTBOUND_ALLOWED_CIDRS: networks reached on purpose, over http too. */
  readonly allowedCidrs: readonly string[];
}

/** HTTP_HEADERS_TIMEOUT_MS, HTTP_BODY_TIMEOUT_MS and HTTP_CONNECTIONS_PER_CLIENT (createApiServer's limits). */
export interface HttpLimitsConfig {
  readonly headersTimeoutMs: number;
  readonly bodyTimeoutMs: number;
  readonly connectionsPerClient: number;
}

function allowedCidrs(raw: string | undefined, errors: string[]): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((cidr) => cidr.trim())
    .filter(Boolean);
  try {
    parseCidrs(list);
    return list;
  } catch (error) {
    errors.push(`OUTBOUND_ALLOWED_CIDRS: ${(error as Error).message}`);
    return [];
  }
}

export const loadOutboundConfig = (env: Env, production: boolean, errors: string[]): OutboundConfig => ({
  publicOnly: production,
  allowedCidrs: allowedCidrs(env.OUTBOUND_ALLOWED_CIDRS, errors),
});

/**
 * Deadlines of seconds, not Node's minutes. Behind a proxy (TRUST_PROXY) every connection comes from the proxy, so
 * no cap per client unless one is asked for: the proxy is where clients are told apart.
 */
export function loadHttpLimits(env: Env, behindProxy: boolean, errors: string[]): HttpLimitsConfig {
  return {
    headersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', errors),
    bodyTimeoutMs: integer(env, 'HTTP_BODY_TIMEOUT_MS', errors),
    connectionsPerClient: integer(env, 'HTTP_CONNECTIONS_PER_CLIENT', errors, {
      fallback: behindProxy ? 0 : 128,
    }),
  };
}
