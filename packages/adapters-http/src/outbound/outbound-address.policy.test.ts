import { expect } from 'chai';
import { OutboundAddressPolicy, type ResolveHost } from './outbound-address.policy.js';

/** Every spelling of an address inside the network that a URL can carry, as an attacker would write it. */
const INSIDE: Readonly<Record<string, string>> = {
  'https://127.0.0.1/': 'a loopback address',
  'https://127.1/': 'a loopback address',
  'https://2130706433/': 'a loopback address',
  'https://0x7f000001/': 'a loopback address',
  'https://0177.0.0.1/': 'a loopback address',
  'https://0x7f.1/': 'a loopback address',
  'https://%31%32%37.0.0.1/': 'a loopback address',
  'https://[::1]/': 'a loopback address',
  'https://[0:0:0:0:0:0:0:1]/': 'a loopback address',
  'https://[::ffff:127.0.0.1]/': 'a loopback address',
  'https://[::ffff:7f00:1]/': 'a loopback address',
  'https://[::127.0.0.1]/': 'an IPv4-compatible IPv6 address',
  'https://[::169.254.169.254]/': 'an IPv4-compatible IPv6 address',
  'https://0.0.0.0/': 'the unspecified address',
  'https://0/': 'the unspecified address',
  'https://[::]/': 'the unspecified address',
  'https://10.0.0.5/': 'a private address',
  'https://172.16.0.1/': 'a private address',
  'https://172.31.255.254/': 'a private address',
  'https://192.168.1.1/': 'a private address',
  'https://01200034567/': 'a private address',
  'https://100.64.0.1/': 'a carrier-grade NAT (100.64.0.0/10) address',
  'https://169.254.169.254/latest/meta-data': 'a link-local address',
  'https://2852039166/': 'a link-local address',
  'https://[fe80::1]:8080/': 'a link-local address',
  'https://[::ffff:169.254.169.254]/': 'a link-local address',
  'https://[fc00::1]/': 'a unique-local address',
  'https://[fd12:3456::1]/': 'a unique-local address',
  'https://224.0.0.1/': 'a multicast address',
  'https://[ff02::1]/': 'a multicast address',
  'https://255.255.255.255/': 'the broadcast address',
  'https://[64:ff9b::7f00:1]/': 'a NAT64 address',
  'https://[2002:7f00:1::]/': 'a 6to4 address',
  'https://198.18.0.1/': 'a reserved address (reserved)',
  'https://[100::1]/': 'a reserved address (discard)',
};

const noDns: ResolveHost = async (host) => {
  throw new Error(`no DNS in this test (${host})`);
};
const production = (resolve: ResolveHost = noDns, allowedCidrs: string[] = []) =>
  new OutboundAddressPolicy({ publicOnly: true, resolve, allowedCidrs });
const refusal = (policy: OutboundAddressPolicy, url: string) => policy.refusal(new URL(url));

describe('OutboundAddressPolicy', () => {
  it('in production refuses every spelling of an address inside the network, naming what it is', async () => {
    for (const [url, meaning] of Object.entries(INSIDE))
      expect(await refusal(production(), url), url).to.equal(`url must not name ${meaning}`);
  });

  it('in production refuses http to a public address, and names that are never public', async () => {
    expect(await refusal(production(), 'http://8.8.8.8/h')).to.match(/^url must use https/);
    for (const url of [
      'https://localhost/',
      'https://LOCALHOST./',
      'https://api.localhost/',
      'https://metadata/',
      'https://metadata.google.internal/',
      'https://printer.local/',
      'https://router.home.arpa/',
    ])
      expect(await refusal(production(), url), url).to.equal('url must name a public host');
    expect(await refusal(production(), 'https://8.8.8.8/h')).to.equal(null);
    expect(await refusal(production(), 'https://[2606:4700::1111]/h')).to.equal(null);
  });

  it('in production refuses a name that resolves inside, and takes one that cannot be resolved yet over https', async () => {
    const dns: Record<string, string[]> = {
      'rebind.example': ['93.184.215.14', '127.0.0.1'],
      'inside.example': ['::ffff:10.1.2.3'],
      'public.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    };
    const policy = production(async (host) => dns[host] ?? Promise.reject(new Error('ENOTFOUND')));
    expect(await refusal(policy, 'https://rebind.example/')).to.equal(
      'url must not name a host that resolves to a loopback address',
    );
    expect(await refusal(policy, 'https://inside.example/')).to.equal(
      'url must not name a host that resolves to a private address',
    );
    expect(await refusal(policy, 'https://public.example/hooks')).to.equal(null);
    expect(await refusal(policy, 'https://not-yet.example/hooks')).to.equal(null);
    expect(await refusal(policy, 'http://not-yet.example/hooks')).to.match(/^url must use https/);
  });

  it('stops waiting for a name that does not resolve in time', async () => {
    const policy = new OutboundAddressPolicy({
      publicOnly: true,
      resolve: () => new Promise(() => undefined),
      resolveTimeoutMs: 20,
    });
    expect(await refusal(policy, 'https://slow.example/')).to.equal(null);
  });

  it('admits the allow-listed networks on purpose, over http too, and nothing next to them', async () => {
    const dns: Record<string, string[]> = { 'hooks.corp.example': ['10.20.3.4'] };
    const policy = production(async (host) => dns[host] ?? [], ['10.20.0.0/16', 'fd00:1::/64']);
    for (const url of [
      'http://10.20.3.4:8080/hooks',
      'https://10.20.255.1/',
      'http://[::ffff:10.20.0.1]/',
      'http://[fd00:1::5]/',
      'http://hooks.corp.example/h',
    ])
      expect(await refusal(policy, url), url).to.equal(null);
    expect(await refusal(policy, 'http://10.21.0.1/')).to.equal('url must not name a private address');
    expect(await refusal(policy, 'http://[fd00:2::5]/')).to.equal('url must not name a unique-local address');
    expect(policy.addressRefusal('10.20.9.9', 'http:')).to.equal(null);
    expect(policy.addressRefusal('10.30.9.9', 'https:')).to.equal('10.30.9.9 is a private address');
    expect(policy.addressRefusal('8.8.8.8', 'http:')).to.equal('8.8.8.8 may be reached over https only');
  });

  it('outside production keeps loopback and private receivers, and refuses link-local ones', async () => {
    const development = new OutboundAddressPolicy({ publicOnly: false, resolve: noDns });
    for (const url of [
      'http://localhost:4000/hooks',
      'http://127.0.0.1:9/',
      'http://10.0.0.5/h',
      'http://[::1]/',
    ])
      expect(await refusal(development, url), url).to.equal(null);
    for (const url of ['http://169.254.169.254/', 'http://[fe80::1]/', 'http://[::ffff:169.254.169.254]/'])
      expect(await refusal(development, url), url).to.equal('url must not name a link-local address');
    expect(development.addressRefusal('fe80::1%eth0', 'http:')).to.be.a('string');
  });

  it('refuses an allow-list entry that is no CIDR', () => {
    expect(() => production(noDns, ['10.0.0.0/8', '10.0.0.1'])).to.throw('"10.0.0.1" is not a CIDR');
  });
});
