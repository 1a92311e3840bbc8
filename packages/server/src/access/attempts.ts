import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { HttpError } from '../http/HttpError.js';

/** Wrong tokens (sign-in form and bearer header together) a client may send within the window before it is slowed. */
export const TOKEN_ATTEMPTS = 5;
export const TOKEN_ATTEMPTS_WINDOW_MS = 60_000;
/** The pause before each token of a client past the limit: 1 s, doubling with each further failure, 10 s at most. */
export const FIRST_PAUSE_MS = 1000;
export const MAX_PAUSE_MS = 10_000;
/** Tokens of one client waiting their turn at most (a burst of a form's five tries fits); more are refused at once (429). */
export const MAX_WAITING = 4;
/** Failures kept per client: enough to reach the longest pause. */
const KEPT = TOKEN_ATTEMPTS + Math.ceil(Math.log2(MAX_PAUSE_MS / FIRST_PAUSE_MS));
/** Past this many clients, those with no failure left in the window are forgotten. */
const SWEEP_AT = 10_000;

/** The words of a refusal while a client is slowed. */
export const tooManyAttemptsText = (seconds: number): string => `Too many attempts: try again in ${seconds} s`;

/** A token's turn: say whether it was wrong once it has been looked at. */
export interface AttemptTurn {
  /** The pause this token waited: more than 0 when its client was already past the limit. */
  paused: number;
  done(failed: boolean): void;
}

/**
 * Wrong tokens per client. A client past the limit is slowed, never locked out: its tokens are
 * looked at one at a time, each after a pause its failures earned, so a guesser gets a few tries a
 * minute while the person who mistyped still gets in with the right token.
 */
export interface AttemptLimiter {
  /** The pause before this client's next token is looked at (0 below the limit): what Retry-After says. */
  pause(client: string): number;
  /** This client's turn, after the tokens before it and its pause; null when MAX_WAITING of its tokens already wait. */
  turn(client: string): Promise<AttemptTurn | null>;
}

export interface AttemptLimiterOptions {
  now?: () => number;
  /** How a pause is waited (tests give one that returns at once). */
  sleep?: (ms: number) => Promise<void>;
  attempts?: number;
  windowMs?: number;
}

/** Failures in a sliding window per client and a queue of its tokens (a clock and a sleep may be given for tests). */
export function createAttemptLimiter({
  now = Date.now,
  sleep = (ms) => new Promise<void>((done) => setTimeout(done, ms)),
  attempts = TOKEN_ATTEMPTS,
  windowMs = TOKEN_ATTEMPTS_WINDOW_MS,
}: AttemptLimiterOptions = {}): AttemptLimiter {
  const failures = new Map<string, number[]>();
  const queues = new Map<string, { tail: Promise<void>; waiting: number }>();
  let sweepAt = SWEEP_AT;
  const recent = (client: string): number[] => {
    const since = now() - windowMs;
    const kept = (failures.get(client) ?? []).filter((t) => t > since);
    if (kept.length === 0) failures.delete(client);
    else failures.set(client, kept);
    return kept;
  };
  const failed = (client: string): void => {
    // Only the last failures decide the pause, so no client can grow its list.
    failures.set(client, [...recent(client), now()].slice(-Math.max(KEPT, attempts)));
    if (failures.size > sweepAt) {
      for (const key of [...failures.keys()]) recent(key);
      // Doubling keeps the sweeps rare however many clients fail at once.
      sweepAt = Math.max(SWEEP_AT, 2 * failures.size);
    }
  };
  const pause = (client: string): number => {
    const over = recent(client).length - attempts;
    return over < 0 ? 0 : Math.min(FIRST_PAUSE_MS * 2 ** over, MAX_PAUSE_MS);
  };
  return {
    pause,
    async turn(client) {
      const queue = queues.get(client) ?? { tail: Promise.resolve(), waiting: 0 };
      if (queue.waiting >= MAX_WAITING + 1) return null;
      queue.waiting += 1;
      queues.set(client, queue);
      let release = (): void => undefined;
      const before = queue.tail;
      queue.tail = before.then(() => new Promise<void>((done) => (release = done)));
      await before;
      const paused = pause(client);
      if (paused > 0) await sleep(paused);
      return {
        paused,
        done(wrong) {
          if (wrong) failed(client);
          queue.waiting -= 1;
          if (queue.waiting === 0 && queues.get(client) === queue) queues.delete(client);
          release();
        },
      };
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

/** 429 TOO_MANY_ATTEMPTS with `Retry-After` in whole seconds (1 at least). */
export function tooManyAttempts(waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new HttpError(429, 'TOO_MANY_ATTEMPTS', tooManyAttemptsText(seconds), { headers: { 'Retry-After': String(seconds) } });
}
