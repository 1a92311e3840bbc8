import { randomBytes } from 'node:crypto';
import { link, open, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { DataFolderInUseError } from '../errors.js';
import { isRecord } from '../guards.js';
import { isMissing } from './listing.js';

/** The lock a running server holds on its data folder; `release` frees it (once its own). */
export interface FolderLock {
  release(): Promise<void>;
}

interface Holder {
  pid: number;
  url: string;
}

const codeOf = (error: unknown): unknown => (error instanceof Error && 'code' in error ? error.code : undefined);

/** True while a process runs (one of another user counts: it cannot be signalled, but it is there). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

function holderOf(text: string): Holder | null {
  try {
    const value: unknown = JSON.parse(text);
    if (
      isRecord(value) &&
      typeof value.pid === 'number' &&
      Number.isSafeInteger(value.pid) &&
      value.pid > 0 &&
      typeof value.url === 'string'
    ) {
      return { pid: value.pid, url: value.url };
    }
  } catch {
    // not a lock this server wrote: stale
  }
  return null;
}

/**
 * Creates `path` holding `text` only if it does not exist, so that no reader ever sees it empty:
 * the text goes to a temp file first, which is then hard-linked to the lock's name (link fails
 * when the name exists). Where hard links are not supported, an exclusive create is the fallback.
 */
async function createExclusive(path: string, text: string): Promise<boolean> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o644);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(String(codeOf(error)))) throw error;
    try {
      await writeFile(path, text, { flag: 'wx', mode: 0o644 });
      return true;
    } catch (fallbackError) {
      if (codeOf(fallbackError) === 'EEXIST') return false;
      throw fallbackError;
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** The holder of the lock and the file's inode; null when there is no lock. */
async function currentLock(path: string): Promise<{ holder: Holder | null; ino: number } | null> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    return { holder: holderOf(text), ino: info.ino };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Throws DataFolderInUseError when a live server holds the folder's lock (a check before binding a port). */
export async function checkDataFolderFree(dir: string, path: string): Promise<void> {
  const found = await currentLock(path);
  if (found?.holder && isAlive(found.holder.pid)) throw new DataFolderInUseError(dir, found.holder.url, found.holder.pid);
}

/**
 * Takes the lock of a data folder for the server at `url` (one server per folder): `path` is
 * created holding `{ pid, url }`. A lock whose process is gone is stale and taken over; a live one
 * is refused with DataFolderInUseError naming the folder and that server's address.
 */
export async function lockDataFolder(dir: string, path: string, url: string): Promise<FolderLock> {
  const text = `${JSON.stringify({ pid: process.pid, url })}\n`;
  const release = async (): Promise<void> => {
    const found = await readFile(path, 'utf8').catch(() => '');
    if (found === text) await unlink(path).catch(() => undefined);
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await createExclusive(path, text)) return { release };
    const found = await currentLock(path);
    if (found === null) continue;
    if (found.holder !== null && isAlive(found.holder.pid)) throw new DataFolderInUseError(dir, found.holder.url, found.holder.pid);
    // Stale: removed unless another server replaced it meanwhile (then the next attempt sees it).
    const again = await stat(path).catch(() => null);
    if (again?.ino === found.ino) await unlink(path).catch(() => undefined);
  }
  throw new Error(`Could not take the lock of the data folder ${dir}: it keeps changing`);
}
