import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, isIPv6 } from 'node:net';
import { urlWithoutCredentials } from '@flow/core';
import { MODEL_ENV } from './settings.js';

/** Addresses a flow's requests must not reach unless allowed: this machine, private networks, link-local, multicast. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  // NAT64 for local use (RFC 8215): it translates to whatever the local network chooses.
  ['64:ff9b:1::', 48],
  // Teredo: the IPv4 server and client inside are obfuscated; nothing public needs it.
  ['2001::', 32],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (zone dropped, a dotted IPv4 tail read as two groups), or null. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare);
  const hex = dotted
    ? `${bare.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : bare;
  const [head = '', tail] = hex.split('::');
  const part = (text: string): number[] => (text === '' ? [] : text.split(':').map((group) => parseInt(group, 16)));
  const first = part(head);
  const last = tail === undefined ? [] : part(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

const ipv4Of = (high: number, low: number): string => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 address carries (IPv4-mapped or -compatible, NAT64, 6to4), or null. */
function embeddedIpv4(groups: readonly number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroTo = (end: number): boolean => groups.slice(0, end).every((g) => g === 0);
  // ::a.b.c.d (compatible), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated)
  if (zeroTo(5) && (g5 === 0 || g5 === 0xffff)) return ipv4Of(g6, g7);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return ipv4Of(g6, g7);
  // 64:ff9b::a.b.c.d (NAT64, RFC 6052)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Of(g6, g7);
  // 2002:AABB:CCDD::/48 (6to4)
  if (g0 === 0x2002) return ipv4Of(g1, g2);
  return null;
}

/**
 * True for an address on this machine or a private, link-local or multicast network, IPv4 inside
 * IPv6 in every spelling included (`::ffff:7f00:1`, `::127.0.0.1`, `64:ff9b::a00:1`, `2002:7f00:1::`).
 * @example isPrivateAddress('[::ffff:7f00:1]') // true
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return PRIVATE.check(bare, 'ipv4');
  const groups = ipv6Groups(bare);
  if (groups === null) return false;
  const ipv4 = embeddedIpv4(groups);
  if (ipv4 !== null) return PRIVATE.check(ipv4, 'ipv4');
  return PRIVATE.check(groups.map((g) => g.toString(16)).join(':'), 'ipv6');
}

/** A call a flow's request may not make. */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  constructor(host: string) {
    super(
      `Refused to call ${host}: a private, loopback or link-local address (allow it with --allow-private-network or ${MODEL_ENV.allowPrivate}=1)`,
    );
  }
}

/** Whether an address is refused: `isPrivateAddress` unless a test says otherwise. */
export type AddressRule = (address: string) => boolean;

/** Where a host name's addresses come from: the system's resolver, or a test's. */
export type Resolve = (hostname: string) => Promise<readonly LookupAddress[]>;

/** The system's resolver (dns.lookup: /etc/hosts included), every address of the name. */
export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The lookup the connection itself uses (so the address checked is the address connected to, and
 * DNS rebinding cannot slip past): every address of the name checked, unless `refuses` is null
 * (private networks allowed).
 */
export function pinnedLookup(
  refuses: AddressRule | null,
  resolve: Resolve = systemResolve,
): (hostname: string, options: LookupOptions, callback: LookupCallback) => void {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (refuses !== null && addresses.some((a) => refuses(a.address)))
          return callback(Object.assign(new BlockedAddressError(hostname), { code: 'EBLOCKED' }), []);
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (options.all) return callback(null, [...wanted]);
        const first = wanted[0];
        if (first === undefined) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
        callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), []),
    );
  };
}

/**
 * The URL a flow's request may call, or an error saying why not: http(s) only, no credentials in
 * it, no refused IP literal or `localhost` (unless `refuses` is null); names are checked when connecting.
 */
export function checkUrl(url: URL, refuses: AddressRule | null): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Refused to call ${url.protocol} URLs: only http and https`);
  if (url.username !== '' || url.password !== '')
    throw new Error(`Refused to call ${urlWithoutCredentials(url)} with a user name or password in its URL: send credentials in a header`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (refuses !== null && ((isIP(host) !== 0 && refuses(host)) || host === 'localhost' || host.endsWith('.localhost'))) {
    throw new BlockedAddressError(url.hostname);
  }
}
