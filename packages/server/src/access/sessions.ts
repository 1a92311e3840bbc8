import { createHash, randomBytes } from 'node:crypto';

/** How long a sign-in lasts without being used. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * Signed-in browsers: random ids (never the token) that expire when unused. Asynchronous, so that
 * servers sharing a database share their sign-ins (a browser signed in through one is signed in
 * through all behind the same address).
 */
export interface Sessions {
  create(): Promise<string>;
  /** True (and the expiry renewed) for a live session id. */
  valid(id: string | undefined): Promise<boolean>;
  drop(id: string | undefined): Promise<void>;
}

/** Where sign-ins are kept, by the hash of their id (the id itself is only in the browser's cookie). */
export interface SessionRecords {
  /** The expiry of a sign-in, or undefined when there is none. */
  get(hash: string): Promise<number | undefined>;
  set(hash: string, expiresAt: number): Promise<void>;
  delete(hash: string): Promise<void>;
}

/** Sign-ins in this process's memory: the folder store's, one server per folder. */
export function memorySessionRecords(): SessionRecords {
  const expiries = new Map<string, number>();
  return {
    get: async (hash) => expiries.get(hash),
    set: async (hash, expiresAt) => {
      expiries.set(hash, expiresAt);
    },
    delete: async (hash) => {
      expiries.delete(hash);
    },
  };
}

const hashOf = (id: string): string => createHash('sha256').update(id).digest('base64url');

export function createSessions(
  records: SessionRecords = memorySessionRecords(),
  now: () => number = Date.now,
  ttlMs = SESSION_TTL_MS,
): Sessions {
  return {
    async create() {
      const id = randomBytes(32).toString('base64url');
      await records.set(hashOf(id), now() + ttlMs);
      return id;
    },
    async valid(id) {
      if (id === undefined || id === '') return false;
      const hash = hashOf(id);
      const expiry = await records.get(hash);
      if (expiry === undefined) return false;
      if (expiry <= now()) {
        await records.delete(hash);
        return false;
      }
      await records.set(hash, now() + ttlMs);
      return true;
    },
    async drop(id) {
      if (id !== undefined && id !== '') await records.delete(hashOf(id));
    },
  };
}
