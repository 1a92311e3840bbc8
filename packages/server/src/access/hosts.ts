import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { HttpError } from '../http/HttpError.js';

/** True for addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

const WILDCARD_BIND = new Set(['0.0.0.0', '::', '[::]']);

/** The host name of a Host header (or of a URL's host): no port, no brackets, lower case. */
export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']'));
  return trimmed.split(':')[0] ?? '';
}

export interface HostPolicyOptions {
  /** The address the server binds. A specific one is allowed as a Host; 0.0.0.0 and :: are not names. */
  bindHost: string;
  /** The address people use to reach the server (`--public-url`): its host is allowed. */
  publicUrl?: string | undefined;
  /** More names people may use (`--allow-host`); `.example.com` allows every subdomain too. */
  allowHosts?: readonly string[];
}

/**
 * The Host allow-list, always on: a page on a rebinding domain reaches the server through the
 * browser with its own name in Host, so only names this server was told about are answered.
 */
export function hostPolicy(options: HostPolicyOptions): { allows(host: string | undefined): boolean; check(req: IncomingMessage): void } {
  const names = new Set<string>();
  const suffixes: string[] = [];
  const bind = hostName(options.bindHost.includes(':') && !options.bindHost.startsWith('[') ? `[${options.bindHost}]` : options.bindHost);
  if (!WILDCARD_BIND.has(options.bindHost) && bind !== '') names.add(bind);
  if (options.publicUrl !== undefined) names.add(hostName(new URL(options.publicUrl).host));
  for (const name of options.allowHosts ?? []) {
    const lower = name.trim().toLowerCase();
    if (lower.startsWith('.')) suffixes.push(lower);
    else if (lower !== '') names.add(hostName(isIP(lower) === 6 ? `[${lower}]` : lower));
  }
  const allows = (host: string | undefined): boolean => {
    if (host === undefined || host === '') return false;
    const name = hostName(host);
    return isLoopback(name) || names.has(name) || suffixes.some((s) => name.endsWith(s) || name === s.slice(1));
  };
  return {
    allows,
    check(req) {
      const host = req.headers.host;
      if (allows(host)) return;
      const name = host === undefined ? '' : hostName(host);
      throw new HttpError(
        403,
        'FORBIDDEN_HOST',
        name === ''
          ? 'A Host header is required'
          : `Host "${name}" is not allowed: start the provider with --allow-host ${name} or --public-url`,
      );
    },
  };
}
