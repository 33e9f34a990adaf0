import { lookup } from 'node:dns/promises';
import type { OutboundUrlPolicy } from '@payout/domain';
import { type Address, meaningOf, parseAddress, parseCidrs, rangeOf, withinAny } from './address-ranges.js';

/** Resolves a host name to its addresses, as the connection will (`dns.lookup`: /etc/hosts, then DNS). */
export type ResolveHost = (host: string) => Promise<readonly string[]>;

export interface OutboundAddressRules {
  /**
   * Production: only public unicast addresses, over https. Otherwise (development, test) any address but a
   * link-local one: the sandbox and local webhook receivers listen on loopback.
   */
  readonly publicOnly: boolean;
  /** CIDRs a request may reach on purpose, over http too (OUTBOUND_ALLOWED_CIDRS). */
  readonly allowedCidrs?: readonly string[];
  /** Name resolution (tests give their own); `dns.lookup` by default. */
  readonly resolve?: ResolveHost;
  /** How long registration waits for a name to resolve. */
  readonly resolveTimeoutMs?: number;
}

/**
 * Names that never belong to a public host whatever DNS says (RFC 6761 `localhost`, `invalid` and `test`, RFC 6762
 * `local`, RFC 8375 `home.arpa`, ICANN's private-use `internal`), and a single label, which a resolver completes
 * with its search domains: `metadata`, `redis`, a Kubernetes service.
 */
const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'localdomain', 'test', 'invalid'];
const isPrivateName = (host: string): boolean =>
  !host.includes('.') || PRIVATE_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));

/** A public address over http: only an allow-listed network is reached without TLS. */
const HTTPS = Symbol('https');
const MUST_USE_HTTPS = 'url must use https (http reaches only the networks in OUTBOUND_ALLOWED_CIDRS)';

const systemResolve: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** The URL's host without brackets and without the trailing dot of a fully qualified name, in lower case. */
const hostOf = (url: URL): string => {
  const host = url.hostname.toLowerCase();
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  return bare.endsWith('.') ? bare.slice(0, -1) : bare;
};

/**
 * The rule for every request whose address a merchant or an operator chose (docs/security.md): checked on the URL
 * when it is registered (`refusal`, the domain's OutboundUrlPolicy) and on each address a delivery connects to
 * (`addressRefusal`), so that neither another spelling of an address nor a DNS answer that changes can lead a
 * request inside the network. Addresses are read by ipaddr.js, never by pattern
 * (docs/decisions/0019-outbound-addresses-judged-twice.md).
 */
export class OutboundAddressPolicy implements OutboundUrlPolicy {
  private readonly allowed: readonly [Address, number][];
  private readonly resolveHost: ResolveHost;
  private readonly resolveTimeoutMs: number;

  constructor(private readonly rules: OutboundAddressRules) {
    this.allowed = parseCidrs(rules.allowedCidrs ?? []);
    this.resolveHost = rules.resolve ?? systemResolve;
    this.resolveTimeoutMs = rules.resolveTimeoutMs ?? 2_000;
  }

  /** Resolves a host the way a delivery's connection does. */
  resolve(host: string): Promise<readonly string[]> {
    return this.resolveHost(host);
  }

  /**
   * Why a request over `protocol` (`http:` or `https:`) may not go to `address` (`127.0.0.1 is a loopback
   * address`), or null when it may. Text that is no IP address is refused.
   */
  addressRefusal(address: string, protocol: string): string | null {
    const parsed = parseAddress(address);
    if (!parsed) return `${address} is not an IP address`;
    const refused = this.refused(parsed, protocol);
    if (refused === HTTPS) return `${address} may be reached over https only`;
    return refused && `${address} is ${refused}`;
  }

  async refusal(url: URL): Promise<string | null> {
    const host = hostOf(url);
    const literal = parseAddress(host);
    if (literal) {
      const refused = this.refused(literal, url.protocol);
      return refused === HTTPS ? MUST_USE_HTTPS : refused && `url must not name ${refused}`;
    }
    if (!this.rules.publicOnly) return null;
    if (isPrivateName(host)) return 'url must name a public host';
    const addresses = (await this.resolveWithin(host)).map(parseAddress);
    // Unresolvable now: an https endpoint may be registered before its DNS is; each delivery checks again.
    if (addresses.length === 0) return url.protocol === 'https:' ? null : MUST_USE_HTTPS;
    for (const address of addresses) {
      const refused = address ? this.refused(address, url.protocol) : 'an address that is not one';
      if (refused === HTTPS) return MUST_USE_HTTPS;
      if (refused) return `url must not name a host that resolves to ${refused}`;
    }
    return null;
  }

  /** What `address` is when a request over `protocol` may not go there (`a loopback address`), HTTPS, or null. */
  private refused(address: Address, protocol: string): string | typeof HTTPS | null {
    if (withinAny(address, this.allowed)) return null;
    const range = rangeOf(address);
    if (!this.rules.publicOnly) return range === 'linkLocal' ? meaningOf(range) : null;
    if (range !== 'unicast') return meaningOf(range);
    return protocol === 'https:' ? null : HTTPS;
  }

  private async resolveWithin(host: string): Promise<readonly string[]> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<readonly string[]>((resolve) => {
      timer = setTimeout(() => resolve([]), this.resolveTimeoutMs);
    });
    try {
      return await Promise.race([this.resolveHost(host).catch(() => []), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
