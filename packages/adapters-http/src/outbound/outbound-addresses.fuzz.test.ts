import { expect } from 'chai';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { OutboundAddressPolicy } from './outbound-address.policy.js';

/** Ranges inside any network: none may be reached in production unless allow-listed. */
const INSIDE_V4: readonly [string, number][] = [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['0.0.0.0', 8],
  ['224.0.0.0', 4],
];

/** An address of one of INSIDE_V4, as a 32-bit number. */
const insideV4 = fc
  .tuple(fc.constantFrom(...INSIDE_V4), fc.integer({ min: 0, max: 2 ** 32 - 1 }))
  .map(([[base, bits], noise]) => {
    const network = ipaddr.IPv4.parse(base)
      .toByteArray()
      .reduce((n, byte) => n * 256 + byte, 0);
    const hostBits = 32 - bits;
    return network + (noise % 2 ** hostBits);
  });

const number = (value: number, radix: 'dec' | 'hex' | 'HEX' | 'oct'): string => {
  if (radix === 'hex') return `0x${value.toString(16)}`;
  if (radix === 'HEX') return `0X${value.toString(16).toUpperCase()}`;
  if (radix === 'oct') return `0${value.toString(8)}`;
  return String(value);
};
const radix = fc.constantFrom('dec', 'dec', 'hex', 'HEX', 'oct') as fc.Arbitrary<
  'dec' | 'hex' | 'HEX' | 'oct'
>;

/** Every way a URL can write an IPv4 address: 1 to 4 parts, each in decimal, hex or octal, or inside IPv6. */
const spelling = fc
  .tuple(insideV4, fc.integer({ min: 1, max: 4 }), fc.array(radix, { minLength: 4, maxLength: 4 }), fc.nat(6))
  .map(([value, parts, radixes, form]) => {
    const bytes = [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256);
    const dotted = bytes.join('.');
    const hex = `${((bytes[0] ?? 0) * 256 + (bytes[1] ?? 0)).toString(16)}:${((bytes[2] ?? 0) * 256 + (bytes[3] ?? 0)).toString(16)}`;
    if (form === 1) return `[::ffff:${dotted}]`;
    if (form === 2) return `[::FFFF:${hex.toUpperCase()}]`;
    if (form === 3) return `[0:0:0:0:0:ffff:${hex}]`;
    if (form === 4 && value >= 2 ** 16) return `[::${dotted}]`;
    const leading = bytes.slice(0, parts - 1);
    const rest = bytes.slice(parts - 1).reduce((n, byte) => n * 256 + byte, 0);
    const text = [...leading, rest].map((part, i) => number(part, radixes[i] ?? 'dec')).join('.');
    return form === 5 ? `${text}.` : text;
  });

describe('outbound addresses (fuzz)', () => {
  it('in production refuses every spelling of an inside IPv4 address, at registration and at connection', async () => {
    const policy = new OutboundAddressPolicy({ publicOnly: true, resolve: async () => [] });
    await fc.assert(
      fc.asyncProperty(spelling, fc.constantFrom('http', 'https'), async (host, scheme) => {
        const url = new URL(`${scheme}://${host}/hooks`);
        expect(await policy.refusal(url), url.href).to.be.a('string');
        const bare = url.hostname.replace(/^\[|\]$/g, '');
        expect(policy.addressRefusal(bare, url.protocol), bare).to.be.a('string');
      }),
      { seed: 4401, numRuns: 2_000 },
    );
  });

  it('in production refuses a name whose DNS answer points inside, whatever else it lists', async () => {
    const answers = fc.tuple(
      insideV4.map((n) =>
        ipaddr.fromByteArray([24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256)).toString(),
      ),
      fc.array(fc.constantFrom('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'), { maxLength: 2 }),
      fc.boolean(),
    );
    await fc.assert(
      fc.asyncProperty(answers, async ([inside, outside, mapped]) => {
        const listed = [...outside, mapped ? `::ffff:${inside}` : inside];
        const policy = new OutboundAddressPolicy({ publicOnly: true, resolve: async () => listed });
        expect(await policy.refusal(new URL('https://hooks.example.com/')), listed.join()).to.match(
          /^url must not name a host that resolves to /,
        );
      }),
      { seed: 4402, numRuns: 500 },
    );
  });
});
