import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { HttpError } from '../http/HttpError.js';

/** Wrong tokens (sign-in form and bearer header together) allowed per client within the window. */
export const TOKEN_ATTEMPTS = 5;
export const TOKEN_ATTEMPTS_WINDOW_MS = 60_000;
/** Past this many clients, those with no failure left in the window are forgotten. */
const SWEEP_AT = 10_000;

/** The words of a refusal while a client waits. */
export const tooManyAttemptsText = (seconds: number): string => `Too many attempts: try again in ${seconds} s`;

/**
 * Counts wrong tokens per client; `wait` is how long a client must wait before a token it sends is
 * looked at again (0: it may try).
 */
export interface AttemptLimiter {
  wait(client: string): number;
  failed(client: string): void;
}

export interface AttemptLimiterOptions {
  now?: () => number;
  attempts?: number;
  windowMs?: number;
}

/** A sliding window of the last `attempts` failures per client (a clock may be given for tests). */
export function createAttemptLimiter({
  now = Date.now,
  attempts = TOKEN_ATTEMPTS,
  windowMs = TOKEN_ATTEMPTS_WINDOW_MS,
}: AttemptLimiterOptions = {}): AttemptLimiter {
  const failures = new Map<string, number[]>();
  let sweepAt = SWEEP_AT;
  const recent = (client: string): number[] => {
    const since = now() - windowMs;
    const kept = (failures.get(client) ?? []).filter((t) => t > since);
    if (kept.length === 0) failures.delete(client);
    else failures.set(client, kept);
    return kept;
  };
  return {
    wait(client) {
      const kept = recent(client);
      if (kept.length < attempts) return 0;
      return Math.max(0, (kept[kept.length - attempts] ?? 0) + windowMs - now());
    },
    failed(client) {
      // Only the last `attempts` failures decide the wait, so no client can grow its list.
      failures.set(client, [...recent(client), now()].slice(-attempts));
      if (failures.size > sweepAt) {
        for (const key of [...failures.keys()]) recent(key);
        // Doubling keeps the sweeps rare however many clients fail at once.
        sweepAt = Math.max(SWEEP_AT, 2 * failures.size);
      }
    },
  };
}

/** The hextets of an IPv6 address, `::` filled with zeros (an IPv4 tail counts as two). */
function hextets(address: string): string[] {
  const steps = (text: string): string[] => (text === '' ? [] : text.split(':').flatMap((h) => (h.includes('.') ? ['0', '0'] : [h])));
  const [head = '', tail] = address.split('::');
  const left = steps(head);
  const right = tail === undefined ? [] : steps(tail);
  return [...left, ...Array.from({ length: 8 - left.length - right.length }, () => '0'), ...right];
}

/**
 * The key of an address: an IPv4 address (IPv4-mapped IPv6 ones too) as it is, an IPv6 one by its
 * /64, since anyone given one IPv6 address usually holds the whole /64 around it.
 */
export function addressKey(address: string): string {
  const lower = address.toLowerCase().split('%')[0] ?? '';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower)?.[1];
  if (mapped !== undefined) return mapped;
  if (isIP(lower) !== 6) return lower;
  const prefix = hextets(lower)
    .slice(0, 4)
    .map((h) => Number.parseInt(h, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * The client a wrong token is counted against: the socket's address, or with `trustProxy` the
 * right-most `X-Forwarded-For` entry, the one the proxy in front appended (entries left of it are
 * whatever the client sent); without an address there, the socket's. IPv6 clients count by /64.
 */
export function clientOf(req: IncomingMessage, trustProxy: boolean): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  if (!trustProxy) return addressKey(socket);
  const forwarded = req.headers['x-forwarded-for'];
  const list = Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '');
  const last = list.slice(list.lastIndexOf(',') + 1).trim();
  return addressKey(isIP(last) === 0 ? socket : last);
}

/** 429 TOO_MANY_ATTEMPTS with `Retry-After` in whole seconds. */
export function tooManyAttempts(waitMs: number): HttpError {
  const seconds = Math.ceil(waitMs / 1000);
  return new HttpError(429, 'TOO_MANY_ATTEMPTS', tooManyAttemptsText(seconds), { headers: { 'Retry-After': String(seconds) } });
}
