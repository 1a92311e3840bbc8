import { randomBytes } from 'node:crypto';

/** How long a sign-in lasts without being used. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Signed-in browsers: random ids (never the token) that expire when unused. */
export interface Sessions {
  create(): string;
  /** True (and the expiry renewed) for a live session id. */
  valid(id: string | undefined): boolean;
  drop(id: string | undefined): void;
}

export function createSessions(now: () => number = Date.now, ttlMs = SESSION_TTL_MS): Sessions {
  const expiries = new Map<string, number>();
  return {
    create() {
      const id = randomBytes(32).toString('base64url');
      expiries.set(id, now() + ttlMs);
      return id;
    },
    valid(id) {
      if (id === undefined) return false;
      const expiry = expiries.get(id);
      if (expiry === undefined) return false;
      if (expiry <= now()) {
        expiries.delete(id);
        return false;
      }
      expiries.set(id, now() + ttlMs);
      return true;
    },
    drop(id) {
      if (id !== undefined) expiries.delete(id);
    },
  };
}

/** Failed sign-ins allowed per client within the window before it must wait. */
export const SIGN_IN_ATTEMPTS = 5;
export const SIGN_IN_WINDOW_MS = 60_000;

/** Counts failed sign-ins per client; `wait` is how long a client must wait (0: it may try). */
export interface AttemptLimiter {
  wait(client: string): number;
  failed(client: string): void;
  succeeded(client: string): void;
}

export function createAttemptLimiter(
  now: () => number = Date.now,
  attempts = SIGN_IN_ATTEMPTS,
  windowMs = SIGN_IN_WINDOW_MS,
): AttemptLimiter {
  const failures = new Map<string, number[]>();
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
      failures.set(client, [...recent(client), now()]);
    },
    succeeded(client) {
      failures.delete(client);
    },
  };
}
