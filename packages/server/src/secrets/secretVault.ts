import { secretMessages, secretNameProblem, type SecretSummary } from '@flow/core';
import { HttpError, badRequest } from '../http/HttpError.js';
import { createSecretCipher, SecretUnreadableError, type SecretCipher } from './secretCipher.js';

/** One secret as a store keeps it: the name in plain, the value sealed. */
export interface SecretRecord {
  name: string;
  sealed: string;
  /** When it was last set (ISO). */
  updatedAt: string;
}

/** Where a store keeps sealed secrets: a file of the data folder, or a table of the database. */
export interface SecretRecords {
  list(): Promise<SecretRecord[]>;
  /** Adds or replaces one; true when it is new. */
  put(record: SecretRecord): Promise<boolean>;
  /** True when there was one. */
  delete(name: string): Promise<boolean>;
}

/** What people see of a secret: never its value (the API client's type). */
export type { SecretSummary };

/** The provider's secret store: values go in and, for the runtime only, come out; lists show names. */
export interface SecretVault {
  list(): Promise<SecretSummary[]>;
  set(name: string, value: string): Promise<SecretSummary & { created: boolean }>;
  delete(name: string): Promise<boolean>;
  /** The values of those names the store holds and can open; the others are absent (the runtime says so). */
  values(names: readonly string[]): Promise<{ values: Record<string, string>; problems: Record<string, string> }>;
}

/** The longest secret value, in characters (a PEM key fits). */
export const MAX_SECRET_CHARS = 16_384;

/** A name the store takes, or 400 with the reason. */
export function requireSecretName(name: string): string {
  const problem = secretNameProblem(name);
  if (problem !== null) throw badRequest(problem, 'INVALID_SECRET_NAME');
  return name;
}

/**
 * A vault over `records`, sealing with the key `key()` gives (asked for only when a value is
 * sealed or opened, so a provider with no secrets needs none).
 */
export function createSecretVault(records: SecretRecords, key: () => Promise<Buffer>, now: () => string): SecretVault {
  let cipher: Promise<SecretCipher> | undefined;
  const opened = (): Promise<SecretCipher> => {
    cipher ??= key().then(createSecretCipher);
    // A failure (no key configured) is not kept: the next call asks again.
    cipher.catch(() => {
      cipher = undefined;
    });
    return cipher;
  };
  return {
    async list() {
      const all = await records.list();
      return all.map(({ name, updatedAt }) => ({ name, updatedAt })).sort((a, b) => a.name.localeCompare(b.name));
    },
    async set(name, value) {
      requireSecretName(name);
      if (value === '' || value.length > MAX_SECRET_CHARS)
        throw badRequest(`A secret's value is text of 1 to ${MAX_SECRET_CHARS} characters`, 'INVALID_SECRET_VALUE');
      const updatedAt = now();
      const created = await records.put({ name, sealed: (await opened()).seal(name, value), updatedAt });
      return { name, updatedAt, created };
    },
    async delete(name) {
      requireSecretName(name);
      return records.delete(name);
    },
    async values(names) {
      const wanted = new Set(names.filter((name) => secretNameProblem(name) === null));
      // A flow that names no secret reads no record (every served turn asks).
      if (wanted.size === 0) return { values: {}, problems: {} };
      const found = (await records.list()).filter((record) => wanted.has(record.name));
      const values: Record<string, string> = {};
      const problems: Record<string, string> = {};
      if (found.length === 0) return { values, problems };
      const open = await opened();
      for (const record of found) {
        try {
          values[record.name] = open.open(record.name, record.sealed);
        } catch (error) {
          if (!(error instanceof SecretUnreadableError)) throw error;
          problems[record.name] = error.message;
        }
      }
      return { values, problems };
    },
  };
}

/** 404 for a secret the store does not hold. */
export function secretNotFound(name: string): HttpError {
  return new HttpError(404, 'SECRET_NOT_FOUND', secretMessages.secretNotFound(name));
}
