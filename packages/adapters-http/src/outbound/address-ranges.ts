import ipaddr from 'ipaddr.js';

/** 2000::/3, the only IPv6 block IANA allocates as global unicast: anything else ipaddr.js calls unicast is not. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** What each range ipaddr.js names is, in a refusal's words. */
const MEANING: Readonly<Record<string, string>> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT (100.64.0.0/10) address',
  uniqueLocal: 'a unique-local address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  ipv4Compatible: 'an IPv4-compatible IPv6 address',
  rfc6052: 'a NAT64 address',
  rfc6145: 'an IPv4-translated address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
};

export type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * The address in its plainest form: an IPv4-mapped (`::ffff:a.b.c.d`) IPv6 address as the IPv4 address it is, so
 * that every rule and allow-list sees one spelling. Null for text that is no IP address.
 */
export function parseAddress(text: string): Address | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return null;
  return ipaddr.process(bare);
}

/**
 * The range of an address, as ipaddr.js names it, with two more: `ipv4Compatible` for the deprecated `::a.b.c.d`
 * (ipaddr.js calls `::169.254.169.254` unicast), and `reserved` for any IPv6 address outside 2000::/3.
 */
export function rangeOf(address: Address): string {
  const range = address.range();
  if (address.kind() === 'ipv4' || range !== 'unicast') return range;
  const v6 = address as ipaddr.IPv6;
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return 'ipv4Compatible';
  return v6.match(GLOBAL_UNICAST_V6) ? 'unicast' : 'reserved';
}

/** `a private address`, `a reserved address (benchmarking)`. */
export const meaningOf = (range: string): string => MEANING[range] ?? `a reserved address (${range})`;

/** CIDRs (`10.20.0.0/16`, `fd00:1::/64`), parsed; throws naming the first that is not one. */
export function parseCidrs(list: readonly string[]): readonly [Address, number][] {
  return list.map((cidr) => {
    if (!ipaddr.isValidCIDR(cidr))
      throw new Error(`"${cidr}" is not a CIDR such as 10.20.0.0/16 or fd00:1::/64`);
    return ipaddr.parseCIDR(cidr);
  });
}

/** Whether `address` lies in one of `cidrs` (an IPv4 CIDR matches IPv4 addresses, IPv4-mapped ones included). */
export const withinAny = (address: Address, cidrs: readonly [Address, number][]): boolean =>
  cidrs.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));
