import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ServerConfigError } from '../errors.js';
import { HttpError } from '../http/HttpError.js';
import { SECRET_KEY_BYTES } from './secretCipher.js';

/** The variable that holds the key of the secret store: 32 bytes, base64 or hex. */
export const SECRETS_KEY_ENV = 'FLOW_SECRETS_KEY';

const HOW = `${SECRETS_KEY_ENV} must be ${SECRET_KEY_BYTES} random bytes in base64 or hex (make one with: openssl rand -base64 ${SECRET_KEY_BYTES})`;

/** The key a FLOW_SECRETS_KEY value names, or a ServerConfigError that says what it must be (never echoing it). */
export function keyFromText(text: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value, 'base64')
      : undefined;
  if (key?.length !== SECRET_KEY_BYTES) throw new ServerConfigError(HOW);
  return key;
}

const isMissing = (error: unknown): boolean => error instanceof Error && 'code' in error && error.code === 'ENOENT';

/**
 * The key kept in a file beside the data (created on first need with mode 600, in a folder of mode
 * 700): a folder store with no FLOW_SECRETS_KEY. A key file readable by others is made private.
 */
export async function keyFromFile(path: string): Promise<Buffer> {
  try {
    const text = await readFile(path, 'utf8');
    if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
    return keyFromText(text);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    await writeFile(path, `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another request created it first: read theirs.
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  return keyFromText(await readFile(path, 'utf8'));
}

/** The 503 of a database store started without FLOW_SECRETS_KEY: servers sharing a database must share the key. */
export function keyMissing(): HttpError {
  return new HttpError(
    503,
    'SECRETS_KEY_MISSING',
    `Secrets need a key: start every server of this database with ${SECRETS_KEY_ENV} (openssl rand -base64 ${SECRET_KEY_BYTES})`,
  );
}
