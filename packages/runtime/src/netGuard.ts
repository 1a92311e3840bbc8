import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent } from 'undici';
import { MODEL_ENV } from './settings.js';

/** Addresses an HTTP tool must not reach unless allowed: this machine, private networks, link-local, multicast. */
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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** True for an address on this machine or a private, link-local or multicast network (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped !== undefined) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(bare);
  if (family === 0) return false;
  return PRIVATE.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** A call an HTTP tool may not make. */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  constructor(host: string) {
    super(
      `Refused to call ${host}: a private, loopback or link-local address (allow it with --allow-private-network or ${MODEL_ENV.allowPrivate}=1)`,
    );
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails for a name resolving to any private address: checked where the connection is made, so rebinding cannot slip past. */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.some((a) => isPrivateAddress(a.address)))
      return callback(Object.assign(new BlockedAddressError(hostname), { code: 'EBLOCKED' }), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (first === undefined) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

/** The URL an HTTP tool may call, or a BlockedAddressError (IP literals are checked here; names when connecting). */
export function checkUrl(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Refused to call ${url.protocol} URLs: only http and https`);
  if (!allowPrivate && (isPrivateAddress(url.hostname) || url.hostname === 'localhost' || url.hostname.endsWith('.localhost'))) {
    throw new BlockedAddressError(url.hostname);
  }
}

/** The dispatcher of HTTP tools: every connection's addresses checked unless private networks are allowed. */
export function toolDispatcher(allowPrivate: boolean): Agent {
  return allowPrivate ? new Agent() : new Agent({ connect: { lookup: guardedLookup } });
}
